"""Writes the generated MLIR fixtures: small modules, their bytecode and MLIR's own prints.

Run by hand (the tests use the committed files):

    python3 -m venv bench-work/mlir-venv
    bench-work/mlir-venv/bin/pip install jax==0.10.2 jaxlib==0.10.2 absl-py
    bench-work/mlir-venv/bin/python tests/data/mlir/generate.py

For every case below it parses the text with jaxlib's MLIR (every dialect jaxlib registers,
plus Mosaic TPU `tpu`, Triton `tt` and Mosaic GPU `mosaic_gpu`, unregistered dialects
allowed), writes `generated/<case>.mlirbc` with MLIR's bytecode writer, parses that bytecode
back and writes MLIR's generic print of it without locations (`<case>.generic.mlir`) and with
them (`<case>.generic-locs.mlir`, not pretty), as the kernel fixtures were printed.
One real kernel comes from Pallas instead of text: a Mosaic GPU (Hopper WGMMA) matmul,
cross-lowered for CUDA on a machine without a GPU, its bytecode taken from the
`mosaic_gpu_v2` custom call (its transposes repeat one 4-d permutation map).
"""

import io
import pathlib

from jaxlib.mlir import ir
from jaxlib.mlir._mlir_libs import _jax_mlir_ext, _mosaic_gpu_ext, _tpu_ext, _triton_ext

OUT = pathlib.Path(__file__).resolve().parent / "generated"

CASES = {}

# Affine maps: repeated (one alias), several (numbered by first use), inside arrays,
# dictionaries, memref layouts (the identity layout is not printed), an affine map of a
# registered op's property; integer sets; strided layouts stay inline.
CASES["alias_affine_maps"] = """
#perm = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
module {
  "x.transpose"() {permutation = #perm} : () -> ()
  "x.transpose"() {permutation = #perm} : () -> ()
  "x.maps"() {a = [affine_map<(d0)[s0] -> (d0 + s0)>, affine_map<(d0, d1) -> (d1, d0)>],
              b = {inner = affine_map<(d0) -> (d0 * 2)>, perm = #perm},
              c = affine_map<() -> (0)>} : () -> ()
  func.func @f(%m: memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>,
               %n: memref<4x8xf32, strided<[8, 1], offset: ?>>,
               %o: memref<4x8xf32, affine_map<(d0, d1) -> (d0, d1)>>) {
    %t = memref.transpose %o (d0, d1) -> (d1, d0) : memref<4x8xf32> to memref<8x4xf32, strided<[1, 8]>>
    "x.use"(%m, %n) {set = affine_set<(d0, d1)[s0] : (d0 - s0 >= 0, d1 == 0)>} : (memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<4x8xf32, strided<[8, 1], offset: ?>>) -> ()
    "x.use"() {set = affine_set<(d0, d1)[s0] : (d0 - s0 >= 0, d1 == 0)>, other = affine_set<(d0) : (d0 >= 0)>} : () -> ()
    return
  }
}
"""

# Locations with aliases mixed with map aliases; block arguments with locations.
CASES["alias_locations"] = """
module {
  "x.op"() ({
  ^bb0(%a: memref<2x2xf32, affine_map<(d0, d1) -> (d1, d0)>> loc("args.py":1:2)):
    "x.inner"(%a) {m = affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>} : (memref<2x2xf32, affine_map<(d0, d1) -> (d1, d0)>>) -> () loc(callsite("f"("a.py":3:4) at "b.py":5:6))
    "x.inner"() {m = affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>} : () -> () loc(fused["a.py":7:8, "c.py":9:10])
  }) : () -> () loc("top.py":1:1)
}
"""

# Type aliases: a tuple of more than 16 types gets `!tuple`; 16 or fewer stay inline.
CASES["alias_tuples"] = """
module {
  "x.op"() {big = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>,
            small = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>,
            other = tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>} : () -> ()
  "x.op"() {m = affine_map<(d0) -> (d0)>} : () -> (tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>)
}
"""

# Distinct attributes: numbered as printed; a distinct of a unit stays inline.
CASES["distinct"] = """
module {
  "x.op"() {a = distinct[0]<unit>, b = distinct[1]<[1, 2]>, c = distinct[2]<{k = "v"}>, d = distinct[3]<unit>,
            e = [distinct[1]<[1, 2]>, distinct[4]<affine_map<(d0) -> (d0)>>]} : () -> ()
}
"""

# Float attributes of every kind MLIR has, with special and inexact values.
FLOATS = ["f16", "bf16", "f32", "f64", "f80", "f128", "tf32", "f8E5M2", "f8E4M3", "f8E4M3FN",
          "f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E3M4", "f8E8M0FNU", "f6E2M3FN",
          "f6E3M2FN", "f4E2M1FN"]
_values = ["1.0", "-2.5", "0.1", "0.333333333333333333", "3.14159265358979323846", "1.0e-5", "448.0", "0.0", "-0.0"]


def _float_case():
    lines = []
    for t in FLOATS:
        attrs = []
        for i, v in enumerate(_values):
            attrs.append(f"v{i} = {v} : {t}")
        lines.append('  "x.floats"() {' + ", ".join(attrs) + "} : () -> ()")
    return "module {\n" + "\n".join(lines) + "\n}\n"


CASES["floats"] = _float_case()

# Bit patterns given in hex: infinities, NaNs, the largest and smallest values.
CASES["float_bits"] = """
module {
  "x.f"() {a = 0x7C00 : f16, b = 0xFC00 : f16, c = 0x7E00 : f16, d = 0x0001 : f16, e = 0x7BFF : f16,
           f = 0x7F80 : bf16, g = 0x7FC0 : bf16, h = 0x7F800000 : f32, i = 0x7FC00000 : f32, j = 0x00000001 : f32,
           k = 0x7FF0000000000000 : f64, l = 0x0000000000000001 : f64, m = 0x7FF8000000000000 : f64} : () -> ()
  "x.f8"() {a = 0x7F : f8E4M3FN, b = 0x7E : f8E4M3FN, c = 0x01 : f8E4M3FN, d = 0x80 : f8E4M3FNUZ, e = 0x7C : f8E5M2,
            f = 0x7F : f8E5M2, g = 0xFF : f8E8M0FNU, h = 0x00 : f8E8M0FNU, i = 0x80 : f8E5M2FNUZ, j = 0x80 : f8E4M3B11FNUZ,
            k = 0x7F : f8E3M4, l = 0x78 : f8E4M3, m = 0x0F : f4E2M1FN, n = 0x1F : f6E2M3FN, o = 0x3F : f6E3M2FN} : () -> ()
  "x.wide"() {a = 0x7FFF8000000000000000 : f80, b = 0x00000000000000000001 : f80, c = 0x7FFF0000000000000000000000000000 : f128,
              d = 0x3FFF8000000000000000000000000001 : f128, e = 0x3FFFC000000000000000 : f80} : () -> ()
}
"""

# Dense elements of the small float kinds, and vectors with scalable dimensions.
CASES["dense_small_floats"] = """
module {
  "x.d"() {a = dense<[1.0, 2.0, -0.5, 448.0]> : tensor<4xf8E4M3FN>, b = dense<1.5> : tensor<2x2xf8E5M2>,
           c = dense<[0.5, 1.0]> : tensor<2xf4E2M1FN>, d = dense<[[1.0, 2.0], [4.0, 8.0]]> : vector<2x2xf8E8M0FNU>,
           e = dense<[1.0, 3.0]> : tensor<2xf80>, f = dense<2.0> : tensor<3xf128>, g = dense<[1.0, 2.0]> : tensor<2xtf32>,
           h = dense<[1.0, 2.0, 3.0]> : tensor<3xf6E3M2FN>} : () -> ()
  "x.v"() {a = vector<[4]xf32>, b = vector<2x[8]xi8>, c = vector<[2]x[3]x4xf16>, d = vector<4x[1]xf8E4M3FN>} : () -> (vector<[4]xi1>)
}
"""

# Dense string elements: splat, a list, nested, escapes.
CASES["dense_strings"] = """
module {
  "x.s"() {a = dense<"hello"> : tensor<2x!x.str>, b = dense<["a", "bc", "d\\0A\\22"]> : tensor<3x!x.str>,
           c = dense<[["a", "b"], ["c", "d"]]> : tensor<2x2x!x.str>, d = dense<[]> : tensor<0x!x.str>} : () -> ()
}
"""

# Dense resources: the `dialect_resources` section after the module, in both modes.
CASES["dense_resources"] = """
module {
  "x.r"() {b = dense_resource<second> : tensor<2xf32>, a = dense_resource<first> : tensor<3xi32>} : () -> ()
  "x.r"() {again = dense_resource<first> : tensor<3xi32>, bools = dense_resource<"odd name"> : tensor<2xi8>} : () -> () loc("res.py":1:1)
}
{-#
  dialect_resources: {
    builtin: {
      first: "0x04000000010000000200000003000000",
      second: "0x080000000000803F00000040",
      "odd name": "0x010000000102",
      unused: "0x0400000007000000"
    }
  }
#-}
"""

# Registered ops of the dialects Triton, Mosaic TPU and Mosaic GPU kernels use: their
# inherent attributes are properties `<{...}>`, stored in the properties section.
CASES["props_arith_math_scf"] = """
module {
  func.func @f(%a: i32, %b: i32, %x: f32, %y: f32, %i: index, %v: vector<4xf32>) -> f32 {
    %0 = arith.addi %a, %b overflow<nsw> : i32
    %1 = arith.muli %a, %b : i32
    %2 = arith.cmpi slt, %a, %b : i32
    %3 = arith.cmpf olt, %x, %y fastmath<fast> : f32
    %4 = arith.addf %x, %y fastmath<nnan,ninf> : f32
    %5 = arith.select %2, %x, %y : f32
    %6 = arith.constant dense<1.0> : vector<4xf32>
    %7 = arith.extui %a : i32 to i64
    %8 = arith.truncf %x : f32 to f16
    %9 = arith.sitofp %a : i32 to f32
    %10 = arith.index_cast %a : i32 to index
    %11 = arith.divsi %a, %b : i32
    %12 = arith.maximumf %x, %y : f32
    %13 = arith.shrui %a, %b : i32
    %14 = arith.bitcast %x : f32 to i32
    %15 = math.exp %x fastmath<afn> : f32
    %16 = math.sqrt %x : f32
    %17 = math.fma %x, %y, %x : f32
    %18 = math.absf %x : f32
    %19 = math.fpowi %x, %a : f32, i32
    %20 = arith.constant 0 : index
    %21 = arith.constant 4 : index
    %22 = arith.constant 1 : index
    %23 = scf.for %k = %20 to %21 step %22 iter_args(%acc = %x) -> (f32) {
      %s = arith.addf %acc, %y : f32
      scf.yield %s : f32
    }
    %24 = scf.if %2 -> (f32) {
      scf.yield %x : f32
    } else {
      scf.yield %y : f32
    }
    %25 = scf.while (%w = %a) : (i32) -> i32 {
      %c = arith.cmpi slt, %w, %b : i32
      scf.condition(%c) %w : i32
    } do {
    ^bb0(%w2: i32):
      %n = arith.addi %w2, %a : i32
      scf.yield %n : i32
    }
    %26 = vector.reduction <add>, %v : vector<4xf32> into f32
    %27 = vector.broadcast %x : f32 to vector<4xf32>
    %28 = vector.extract %v[1] : f32 from vector<4xf32>
    %29 = arith.ceildivsi %a, %b : i32
    %30 = arith.minsi %a, %b : i32
    %31 = arith.negf %x : f32
    %32 = arith.remf %x, %y : f32
    %33 = math.rsqrt %x : f32
    %34 = math.tanh %x : f32
    cf.br ^bb1(%23 : f32)
  ^bb1(%r: f32):
    %35 = arith.constant true
    cf.cond_br %35, ^bb2, ^bb3(%r : f32)
  ^bb2:
    return %x : f32
  ^bb3(%q: f32):
    return %q : f32
  }
}
"""

CASES["props_memref_vector_gpu"] = """
module {
  memref.global "private" constant @g : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
  func.func @f(%m: memref<8x16xf32>, %i: index, %p: f32, %v: vector<4xf32>, %d: memref<?xf32>) {
    %0 = memref.load %m[%i, %i] : memref<8x16xf32>
    memref.store %p, %m[%i, %i] : memref<8x16xf32>
    %1 = memref.subview %m[0, 4] [4, 8] [1, 1] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 1], offset: 4>>
    %2 = memref.alloca() : memref<4xf32>
    %3 = memref.get_global @g : memref<4xf32>
    %4 = memref.dim %d, %i : memref<?xf32>
    %5 = memref.reinterpret_cast %d to offset: [0], sizes: [4], strides: [1] : memref<?xf32> to memref<4xf32>
    %6 = vector.transfer_read %m[%i, %i], %p {in_bounds = [true]} : memref<8x16xf32>, vector<4xf32>
    vector.transfer_write %v, %m[%i, %i] {in_bounds = [true]} : vector<4xf32>, memref<8x16xf32>
    %7 = vector.load %m[%i, %i] : memref<8x16xf32>, vector<4xf32>
    %8 = vector.shape_cast %v : vector<4xf32> to vector<2x2xf32>
    %9 = vector.transpose %8, [1, 0] : vector<2x2xf32> to vector<2x2xf32>
    %10 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %8, %9, %8 : vector<2x2xf32>, vector<2x2xf32> into vector<2x2xf32>
    %11 = vector.extract_strided_slice %v {offsets = [0], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
    %12 = gpu.thread_id x
    %13 = gpu.block_id y
    %14 = gpu.block_dim z
    gpu.barrier
    %16 = vector.fma %v, %v, %v : vector<4xf32>
    %17 = vector.multi_reduction <maximumf>, %8, %11 [1] : vector<2x2xf32> to vector<2xf32>
    return
  }
}
"""

CASES["props_llvm_nvvm"] = """
module {
  llvm.mlir.global internal constant @str("hi\\00") {addr_space = 0 : i32}
  llvm.func @callee(i32) -> i32
  llvm.func @f(%a: i32, %p: !llvm.ptr, %q: !llvm.ptr<3>) -> i32 {
    %0 = llvm.add %a, %a : i32
    %1 = llvm.mlir.constant(4 : i32) : i32
    %2 = llvm.icmp "slt" %a, %1 : i32
    %3 = llvm.load %p : !llvm.ptr -> i32
    llvm.store %0, %p : i32, !llvm.ptr
    %4 = llvm.getelementptr %p[%a] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %5 = llvm.call @callee(%a) : (i32) -> i32
    %6 = llvm.mlir.addressof @str : !llvm.ptr
    %7 = llvm.mlir.undef : !llvm.struct<(i32, f32)>
    %8 = llvm.insertvalue %a, %7[0] : !llvm.struct<(i32, f32)>
    %9 = llvm.extractvalue %8[0] : !llvm.struct<(i32, f32)>
    %10 = llvm.addrspacecast %q : !llvm.ptr<3> to !llvm.ptr
    %11 = llvm.inline_asm has_side_effects "mov.u32 $0, $1;", "=r,r" %a : (i32) -> i32
    %12 = nvvm.read.ptx.sreg.tid.x : i32
    %13 = llvm.select %2, %a, %1 : i1, i32
    %14 = llvm.zext %a : i32 to i64
    %15 = llvm.ptrtoint %p : !llvm.ptr to i64
    %16 = nvvm.shfl.sync bfly %a, %a, %a, %a : i32 -> i32
    %17 = llvm.atomicrmw add %p, %a monotonic : !llvm.ptr, i32
    llvm.return %0 : i32
  }
}
"""

CASES["props_triton"] = """
module {
  tt.func public @k(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32>, %n: i32) attributes {noinline = false} {
    %0 = tt.get_program_id x : i32
    %1 = tt.get_num_programs y : i32
    %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %3 = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %4 = tt.addptr %3, %2 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %5 = tt.splat %n : i32 -> tensor<128xi32>
    %6 = arith.cmpi slt, %2, %5 : tensor<128xi32>
    %7 = tt.load %4, %6 : tensor<128x!tt.ptr<f32>>
    %8 = tt.load %4 cacheModifier = ca evictionPolicy = evict_last {isVolatile = true} : tensor<128x!tt.ptr<f32>>
    %9 = tt.expand_dims %7 {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
    %10 = tt.broadcast %9 : tensor<1x128xf32> -> tensor<4x128xf32>
    %11 = "tt.reduce"(%10) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<4x128xf32>) -> tensor<4xf32>
    %12 = tt.reshape %10 : tensor<4x128xf32> -> tensor<512xf32>
    %13 = tt.trans %10 {order = array<i32: 1, 0>} : tensor<4x128xf32> -> tensor<128x4xf32>
    %14 = arith.constant dense<0.0> : tensor<4x4xf32>
    %15 = tt.dot %10, %13, %14, inputPrecision = tf32 : tensor<4x128xf32> * tensor<128x4xf32> -> tensor<4x4xf32>
    %16 = tt.atomic_rmw fadd, acq_rel, gpu, %4, %7, %6 : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>, tensor<128xi1>) -> tensor<128xf32>
    tt.store %4, %7, %6 : tensor<128x!tt.ptr<f32>>
    tt.store %4, %8 cacheModifier = wb : tensor<128x!tt.ptr<f32>>
    %17 = tt.extern_elementwise %7 {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<128xf32>) -> tensor<128xf32>
    %18 = tt.fp_to_fp %7, rounding = rtne : tensor<128xf32> -> tensor<128xf16>
    %19 = tt.bitcast %7 : tensor<128xf32> -> tensor<128xi32>
    %20 = tt.clampf %7, %7, %7, propagateNan = all : tensor<128xf32>
    %21 = tt.precise_sqrt %7 : tensor<128xf32>
    %22 = tt.histogram %2 : tensor<128xi32> -> tensor<8xi32>
    %23 = tt.join %7, %7 : tensor<128xf32> -> tensor<128x2xf32>
    %24:2 = tt.split %23 : tensor<128x2xf32> -> tensor<128xf32>
    tt.call @helper(%n) : (i32) -> ()
    tt.return
  }
  tt.func private @helper(%n: i32) {
    tt.return
  }
}
"""

CASES["props_tpu"] = """
module {
  func.func @k(%i: i32, %a: memref<8x128xf32, #tpu.memory_space<vmem>>, %s: memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %h: memref<8x128xf32, #tpu.memory_space<any>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 2>, window_params = [{transform_indices = affine_map<(d0) -> (d0, 0)>}]} {
    %c0 = arith.constant 0 : index
    %0 = vector.load %a[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %1 = tpu.iota {dimensions = array<i32: 0>} : vector<8x128xi32>
    %2 = tpu.repeat %0, 1 x 2 : vector<8x128xf32> -> vector<8x256xf32>
    %c1 = arith.constant 1 : i32
    %3 = tpu.memref_slice %s[%c1] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %4 = tpu.memref_squeeze %3 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    tpu.enqueue_dma source(%h : memref<8x128xf32, #tpu.memory_space<any>>) target(%a : memref<8x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%4 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    tpu.wait_dma2 semaphore(%4 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%h : memref<8x128xf32, #tpu.memory_space<any>>) dst(%a : memref<8x128xf32, #tpu.memory_space<vmem>>)
    %5 = tpu.matmul %0, %0, %0 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [1], [0], [0], [0, 0, 1, 0], [], []>, transpose_lhs_hint = false} : vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32> -> vector<8x128xf32>
    return
  }
}
"""

CASES["props_mosaic_gpu"] = """
module {
  func.func @k(%p: !llvm.ptr, %m: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<1x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : i32
    %0 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %1 = nvvm.elect.sync -> i1
    %2 = llvm.mlir.constant(128 : i32) : i32
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    %3 = "mosaic_gpu.slice_smem"() {offset = 0 : i32} : () -> memref<128x64xf16, #gpu.address_space<workgroup>>
    return
  }
}
"""


def mosaic_gpu_wgmma_kernel():
    """The bytecode of a 64x64x64 f16 WGMMA matmul with tiled, swizzled operands."""
    import re

    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import mosaic_gpu as plgpu

    size = 64
    transforms = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))

    def kernel(a_ref, b_ref, o_ref, acc_ref):
        plgpu.wgmma(acc_ref, a_ref, b_ref)
        plgpu.wgmma_wait(0)
        o_ref[...] = acc_ref[...].astype(o_ref.dtype)

    spec = plgpu.BlockSpec((size, size), lambda: (0, 0), transforms=transforms)
    call = pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((size, size), jnp.float16),
        in_specs=[spec, spec],
        out_specs=plgpu.BlockSpec((size, size), lambda: (0, 0)),
        scratch_shapes=[plgpu.ACC((size, size), jnp.float32)],
        compiler_params=plgpu.CompilerParams(),
    )
    a = jnp.ones((size, size), jnp.float16)
    text = jax.jit(call).trace(a, a).lower(lowering_platforms=("cuda",)).as_text()
    literal = re.search(r'module = "((?:[^"\\]|\\.)*)"', text).group(1)
    out, i = bytearray(), 0
    while i < len(literal):
        if literal[i] != "\\":
            out += literal[i].encode()
            i += 1
        elif literal[i + 1] in '\\"':
            out += literal[i + 1].encode()
            i += 2
        else:
            out.append(int(literal[i + 1 : i + 3], 16))
            i += 3
    return bytes(out)


def context():
    ctx = ir.Context()
    registry = ir.DialectRegistry()
    _jax_mlir_ext.register_dialects(registry)
    ctx.append_dialect_registry(registry)
    _tpu_ext.register_dialect(ctx)
    _triton_ext.register_dialect(ctx)
    _mosaic_gpu_ext.register_dialect(ctx)
    ctx.load_all_available_dialects()
    ctx.allow_unregistered_dialects = True
    return ctx


def generic(module, locs):
    return module.operation.get_asm(
        print_generic_op_form=True,
        enable_debug_info=locs,
        pretty_debug_info=False,
        large_elements_limit=None,
    )


def main():
    OUT.mkdir(exist_ok=True)
    failed = []
    for name, text in [*CASES.items(), ("mosaic_gpu_wgmma", None)]:
        try:
            if text is None:
                data = mosaic_gpu_wgmma_kernel()
            else:
                with context():
                    module = ir.Module.parse(text)
                    buf = io.BytesIO()
                    module.operation.write_bytecode(buf)
                data = buf.getvalue()
            # Print what MLIR reads back from the bytecode, as for the kernels.
            with context():
                module = ir.Module.parse(data)
                plain, with_locs = generic(module, False), generic(module, True)
        except Exception as e:  # noqa: BLE001 - report every broken case, then fail
            failed.append(f"{name}: {e}")
            continue
        (OUT / f"{name}.mlirbc").write_bytes(data)
        (OUT / f"{name}.generic.mlir").write_text(plain)
        (OUT / f"{name}.generic-locs.mlir").write_text(with_locs)
        print(f"{name}: {len(data)} bytes")
    if failed:
        raise SystemExit("\n".join(failed))


if __name__ == "__main__":
    main()
