#map = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
"builtin.module"() <{sym_name = "kernel"}> ({
  "stable_mosaic_gpu.func.func"() ({
  }) {function_type = (!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr) -> (), sym_name = "mosaic_gpu_init_tma_desc", sym_visibility = "private"} : () -> ()
  "stable_mosaic_gpu.llvm.mlir.global"() ({
  }) {addr_space = 4 : i32, global_type = !llvm.array<0 x i8>, linkage = #llvm.linkage<external>, sym_name = "global_scratch", visibility_ = 0 : i64} : () -> ()
  "stable_mosaic_gpu.func.func"() ({
  ^bb0(%arg0: !llvm.ptr, %arg1: !llvm.ptr):
    %0 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%arg0) : (!llvm.ptr) -> !gpu.async.token
    %1 = "stable_mosaic_gpu.llvm.getelementptr"(%arg1) {elem_type = !llvm.ptr, rawConstantIndices = array<i32: 0>} : (!llvm.ptr) -> !llvm.ptr
    %2 = "stable_mosaic_gpu.llvm.load"(%1) {ordering = 0 : i64} : (!llvm.ptr) -> !llvm.ptr
    %3 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %4 = "stable_mosaic_gpu.llvm.insertvalue"(%3, %2) {position = array<i64: 0>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %5 = "stable_mosaic_gpu.llvm.insertvalue"(%4, %2) {position = array<i64: 1>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %6 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 0 : i64} : () -> i64
    %7 = "stable_mosaic_gpu.llvm.insertvalue"(%5, %6) {position = array<i64: 2>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %8 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 64 : i64} : () -> i64
    %9 = "stable_mosaic_gpu.llvm.insertvalue"(%7, %8) {position = array<i64: 3, 0>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %10 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 64 : i64} : () -> i64
    %11 = "stable_mosaic_gpu.llvm.insertvalue"(%9, %10) {position = array<i64: 3, 1>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %12 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 64 : i64} : () -> i64
    %13 = "stable_mosaic_gpu.llvm.insertvalue"(%11, %12) {position = array<i64: 4, 0>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %14 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 1 : i64} : () -> i64
    %15 = "stable_mosaic_gpu.llvm.insertvalue"(%13, %14) {position = array<i64: 4, 1>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %16 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%15) {mosaic_gpu.from_kernel_arg_idx = 0 : i32, mosaic_gpu.original_kernel_arg} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>) -> memref<64x64xf16>
    %17 = "stable_mosaic_gpu.llvm.getelementptr"(%arg1) {elem_type = !llvm.ptr, rawConstantIndices = array<i32: 1>} : (!llvm.ptr) -> !llvm.ptr
    %18 = "stable_mosaic_gpu.llvm.load"(%17) {ordering = 0 : i64} : (!llvm.ptr) -> !llvm.ptr
    %19 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %20 = "stable_mosaic_gpu.llvm.insertvalue"(%19, %18) {position = array<i64: 0>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %21 = "stable_mosaic_gpu.llvm.insertvalue"(%20, %18) {position = array<i64: 1>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %22 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 0 : i64} : () -> i64
    %23 = "stable_mosaic_gpu.llvm.insertvalue"(%21, %22) {position = array<i64: 2>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %24 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 64 : i64} : () -> i64
    %25 = "stable_mosaic_gpu.llvm.insertvalue"(%23, %24) {position = array<i64: 3, 0>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %26 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 64 : i64} : () -> i64
    %27 = "stable_mosaic_gpu.llvm.insertvalue"(%25, %26) {position = array<i64: 3, 1>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %28 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 64 : i64} : () -> i64
    %29 = "stable_mosaic_gpu.llvm.insertvalue"(%27, %28) {position = array<i64: 4, 0>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %30 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 1 : i64} : () -> i64
    %31 = "stable_mosaic_gpu.llvm.insertvalue"(%29, %30) {position = array<i64: 4, 1>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %32 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%31) {mosaic_gpu.from_kernel_arg_idx = 1 : i32, mosaic_gpu.original_kernel_arg} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>) -> memref<64x64xf16>
    %33 = "stable_mosaic_gpu.llvm.getelementptr"(%arg1) {elem_type = !llvm.ptr, rawConstantIndices = array<i32: 2>} : (!llvm.ptr) -> !llvm.ptr
    %34 = "stable_mosaic_gpu.llvm.load"(%33) {ordering = 0 : i64} : (!llvm.ptr) -> !llvm.ptr
    %35 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %36 = "stable_mosaic_gpu.llvm.insertvalue"(%35, %34) {position = array<i64: 0>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %37 = "stable_mosaic_gpu.llvm.insertvalue"(%36, %34) {position = array<i64: 1>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %38 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 0 : i64} : () -> i64
    %39 = "stable_mosaic_gpu.llvm.insertvalue"(%37, %38) {position = array<i64: 2>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %40 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 64 : i64} : () -> i64
    %41 = "stable_mosaic_gpu.llvm.insertvalue"(%39, %40) {position = array<i64: 3, 0>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %42 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 64 : i64} : () -> i64
    %43 = "stable_mosaic_gpu.llvm.insertvalue"(%41, %42) {position = array<i64: 3, 1>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %44 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 64 : i64} : () -> i64
    %45 = "stable_mosaic_gpu.llvm.insertvalue"(%43, %44) {position = array<i64: 4, 0>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %46 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 1 : i64} : () -> i64
    %47 = "stable_mosaic_gpu.llvm.insertvalue"(%45, %46) {position = array<i64: 4, 1>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %48 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%47) {mosaic_gpu.from_kernel_arg_idx = 2 : i32, mosaic_gpu.original_kernel_arg} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>) -> memref<64x64xf16>
    %49 = "stable_mosaic_gpu.arith.constant"() {value = 1 : index} : () -> index
    %50 = "stable_mosaic_gpu.arith.constant"() {value = 1 : index} : () -> index
    %51 = "stable_mosaic_gpu.arith.constant"() {value = 1 : index} : () -> index
    %52 = "stable_mosaic_gpu.arith.constant"() {value = 128 : index} : () -> index
    %53 = "stable_mosaic_gpu.arith.constant"() {value = 1 : index} : () -> index
    %54 = "stable_mosaic_gpu.arith.constant"() {value = 1 : index} : () -> index
    %55 = "stable_mosaic_gpu.arith.constant"() {value = 24584 : i32} : () -> i32
    %56 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i64} : () -> i64
    %57 = "stable_mosaic_gpu.llvm.alloca"(%56) {alignment = 64 : i64, elem_type = !llvm.array<256 x i8>, mosaic_gpu_smem_alloc} : (i64) -> !llvm.ptr
    %58 = "stable_mosaic_gpu.llvm.getelementptr"(%57) {elem_type = i8, rawConstantIndices = array<i32: 0>} : (!llvm.ptr) -> !llvm.ptr
    %59 = "stable_mosaic_gpu.memref.expand_shape"(%16) {reassociation = [[0], [1, 2]], static_output_shape = array<i64: 64, 1, 64>} : (memref<64x64xf16>) -> memref<64x1x64xf16>
    %60 = "stable_mosaic_gpu.memref.expand_shape"(%59) {reassociation = [[0, 1], [2], [3]], static_output_shape = array<i64: 8, 8, 1, 64>} : (memref<64x1x64xf16>) -> memref<8x8x1x64xf16>
    %61 = "stable_mosaic_gpu.memref.transpose"(%60) {permutation = #map} : (memref<8x8x1x64xf16>) -> memref<8x1x8x64xf16, strided<[512, 64, 64, 1]>>
    %62 = "stable_mosaic_gpu.memref.reinterpret_cast"(%61) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8, 8, 64>, static_strides = array<i64: 512, 64, 1>} : (memref<8x1x8x64xf16, strided<[512, 64, 64, 1]>>) -> memref<8x8x64xf16, strided<[512, 64, 1]>>
    %63:8 = "stable_mosaic_gpu.memref.extract_strided_metadata"(%62) : (memref<8x8x64xf16, strided<[512, 64, 1]>>) -> (memref<f16>, index, index, index, index, index, index, index)
    %64 = "stable_mosaic_gpu.memref.extract_aligned_pointer_as_index"(%62) : (memref<8x8x64xf16, strided<[512, 64, 1]>>) -> index
    %65 = "stable_mosaic_gpu.arith.index_cast"(%64) : (index) -> i64
    %66 = "stable_mosaic_gpu.llvm.inttoptr"(%65) : (i64) -> !llvm.ptr
    %67 = "stable_mosaic_gpu.arith.index_cast"(%63#1) : (index) -> i64
    %68 = "stable_mosaic_gpu.llvm.getelementptr"(%66, %67) {elem_type = f16, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr, i64) -> !llvm.ptr
    %69 = "stable_mosaic_gpu.arith.constant"() {value = 5 : i64} : () -> i64
    %70 = "stable_mosaic_gpu.arith.constant"() {value = 3 : i64} : () -> i64
    %71 = "stable_mosaic_gpu.arith.index_cast"(%63#2) : (index) -> i64
    %72 = "stable_mosaic_gpu.arith.index_cast"(%63#3) : (index) -> i64
    %73 = "stable_mosaic_gpu.arith.index_cast"(%63#4) : (index) -> i64
    %74 = "stable_mosaic_gpu.arith.constant"() {value = 3 : i64} : () -> i64
    %75 = "stable_mosaic_gpu.llvm.alloca"(%74) {elem_type = i64} : (i64) -> !llvm.ptr
    %76 = "stable_mosaic_gpu.llvm.getelementptr"(%75) {elem_type = i64, rawConstantIndices = array<i32: 0>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%71, %76) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %77 = "stable_mosaic_gpu.llvm.getelementptr"(%75) {elem_type = i64, rawConstantIndices = array<i32: 1>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%72, %77) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %78 = "stable_mosaic_gpu.llvm.getelementptr"(%75) {elem_type = i64, rawConstantIndices = array<i32: 2>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%73, %78) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %79 = "stable_mosaic_gpu.arith.index_cast"(%63#5) : (index) -> i64
    %80 = "stable_mosaic_gpu.arith.index_cast"(%63#6) : (index) -> i64
    %81 = "stable_mosaic_gpu.arith.index_cast"(%63#7) : (index) -> i64
    %82 = "stable_mosaic_gpu.arith.constant"() {value = 3 : i64} : () -> i64
    %83 = "stable_mosaic_gpu.llvm.alloca"(%82) {elem_type = i64} : (i64) -> !llvm.ptr
    %84 = "stable_mosaic_gpu.llvm.getelementptr"(%83) {elem_type = i64, rawConstantIndices = array<i32: 0>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%79, %84) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %85 = "stable_mosaic_gpu.llvm.getelementptr"(%83) {elem_type = i64, rawConstantIndices = array<i32: 1>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%80, %85) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %86 = "stable_mosaic_gpu.llvm.getelementptr"(%83) {elem_type = i64, rawConstantIndices = array<i32: 2>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%81, %86) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %87 = "stable_mosaic_gpu.arith.constant"() {value = 128 : i64} : () -> i64
    %88 = "stable_mosaic_gpu.arith.constant"() {value = 8 : i64} : () -> i64
    %89 = "stable_mosaic_gpu.arith.constant"() {value = 8 : i64} : () -> i64
    %90 = "stable_mosaic_gpu.arith.constant"() {value = 64 : i64} : () -> i64
    %91 = "stable_mosaic_gpu.arith.constant"() {value = 3 : i64} : () -> i64
    %92 = "stable_mosaic_gpu.llvm.alloca"(%91) {elem_type = i64} : (i64) -> !llvm.ptr
    %93 = "stable_mosaic_gpu.llvm.getelementptr"(%92) {elem_type = i64, rawConstantIndices = array<i32: 0>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%88, %93) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %94 = "stable_mosaic_gpu.llvm.getelementptr"(%92) {elem_type = i64, rawConstantIndices = array<i32: 1>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%89, %94) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %95 = "stable_mosaic_gpu.llvm.getelementptr"(%92) {elem_type = i64, rawConstantIndices = array<i32: 2>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%90, %95) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    "stable_mosaic_gpu.func.call"(%58, %68, %69, %70, %75, %83, %87, %92) {callee = @mosaic_gpu_init_tma_desc} : (!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr) -> ()
    %96 = "stable_mosaic_gpu.llvm.getelementptr"(%57) {elem_type = i8, rawConstantIndices = array<i32: 128>} : (!llvm.ptr) -> !llvm.ptr
    %97 = "stable_mosaic_gpu.memref.expand_shape"(%32) {reassociation = [[0], [1, 2]], static_output_shape = array<i64: 64, 1, 64>} : (memref<64x64xf16>) -> memref<64x1x64xf16>
    %98 = "stable_mosaic_gpu.memref.expand_shape"(%97) {reassociation = [[0, 1], [2], [3]], static_output_shape = array<i64: 8, 8, 1, 64>} : (memref<64x1x64xf16>) -> memref<8x8x1x64xf16>
    %99 = "stable_mosaic_gpu.memref.transpose"(%98) {permutation = #map} : (memref<8x8x1x64xf16>) -> memref<8x1x8x64xf16, strided<[512, 64, 64, 1]>>
    %100 = "stable_mosaic_gpu.memref.reinterpret_cast"(%99) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8, 8, 64>, static_strides = array<i64: 512, 64, 1>} : (memref<8x1x8x64xf16, strided<[512, 64, 64, 1]>>) -> memref<8x8x64xf16, strided<[512, 64, 1]>>
    %101:8 = "stable_mosaic_gpu.memref.extract_strided_metadata"(%100) : (memref<8x8x64xf16, strided<[512, 64, 1]>>) -> (memref<f16>, index, index, index, index, index, index, index)
    %102 = "stable_mosaic_gpu.memref.extract_aligned_pointer_as_index"(%100) : (memref<8x8x64xf16, strided<[512, 64, 1]>>) -> index
    %103 = "stable_mosaic_gpu.arith.index_cast"(%102) : (index) -> i64
    %104 = "stable_mosaic_gpu.llvm.inttoptr"(%103) : (i64) -> !llvm.ptr
    %105 = "stable_mosaic_gpu.arith.index_cast"(%101#1) : (index) -> i64
    %106 = "stable_mosaic_gpu.llvm.getelementptr"(%104, %105) {elem_type = f16, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr, i64) -> !llvm.ptr
    %107 = "stable_mosaic_gpu.arith.constant"() {value = 5 : i64} : () -> i64
    %108 = "stable_mosaic_gpu.arith.constant"() {value = 3 : i64} : () -> i64
    %109 = "stable_mosaic_gpu.arith.index_cast"(%101#2) : (index) -> i64
    %110 = "stable_mosaic_gpu.arith.index_cast"(%101#3) : (index) -> i64
    %111 = "stable_mosaic_gpu.arith.index_cast"(%101#4) : (index) -> i64
    %112 = "stable_mosaic_gpu.arith.constant"() {value = 3 : i64} : () -> i64
    %113 = "stable_mosaic_gpu.llvm.alloca"(%112) {elem_type = i64} : (i64) -> !llvm.ptr
    %114 = "stable_mosaic_gpu.llvm.getelementptr"(%113) {elem_type = i64, rawConstantIndices = array<i32: 0>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%109, %114) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %115 = "stable_mosaic_gpu.llvm.getelementptr"(%113) {elem_type = i64, rawConstantIndices = array<i32: 1>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%110, %115) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %116 = "stable_mosaic_gpu.llvm.getelementptr"(%113) {elem_type = i64, rawConstantIndices = array<i32: 2>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%111, %116) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %117 = "stable_mosaic_gpu.arith.index_cast"(%101#5) : (index) -> i64
    %118 = "stable_mosaic_gpu.arith.index_cast"(%101#6) : (index) -> i64
    %119 = "stable_mosaic_gpu.arith.index_cast"(%101#7) : (index) -> i64
    %120 = "stable_mosaic_gpu.arith.constant"() {value = 3 : i64} : () -> i64
    %121 = "stable_mosaic_gpu.llvm.alloca"(%120) {elem_type = i64} : (i64) -> !llvm.ptr
    %122 = "stable_mosaic_gpu.llvm.getelementptr"(%121) {elem_type = i64, rawConstantIndices = array<i32: 0>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%117, %122) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %123 = "stable_mosaic_gpu.llvm.getelementptr"(%121) {elem_type = i64, rawConstantIndices = array<i32: 1>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%118, %123) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %124 = "stable_mosaic_gpu.llvm.getelementptr"(%121) {elem_type = i64, rawConstantIndices = array<i32: 2>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%119, %124) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %125 = "stable_mosaic_gpu.arith.constant"() {value = 128 : i64} : () -> i64
    %126 = "stable_mosaic_gpu.arith.constant"() {value = 8 : i64} : () -> i64
    %127 = "stable_mosaic_gpu.arith.constant"() {value = 8 : i64} : () -> i64
    %128 = "stable_mosaic_gpu.arith.constant"() {value = 64 : i64} : () -> i64
    %129 = "stable_mosaic_gpu.arith.constant"() {value = 3 : i64} : () -> i64
    %130 = "stable_mosaic_gpu.llvm.alloca"(%129) {elem_type = i64} : (i64) -> !llvm.ptr
    %131 = "stable_mosaic_gpu.llvm.getelementptr"(%130) {elem_type = i64, rawConstantIndices = array<i32: 0>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%126, %131) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %132 = "stable_mosaic_gpu.llvm.getelementptr"(%130) {elem_type = i64, rawConstantIndices = array<i32: 1>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%127, %132) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    %133 = "stable_mosaic_gpu.llvm.getelementptr"(%130) {elem_type = i64, rawConstantIndices = array<i32: 2>} : (!llvm.ptr) -> !llvm.ptr
    "stable_mosaic_gpu.llvm.store"(%128, %133) {ordering = 0 : i64} : (i64, !llvm.ptr) -> ()
    "stable_mosaic_gpu.func.call"(%96, %106, %107, %108, %113, %121, %125, %130) {callee = @mosaic_gpu_init_tma_desc} : (!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr) -> ()
    %134 = "stable_mosaic_gpu.llvm.load"(%57) {ordering = 0 : i64} : (!llvm.ptr) -> !llvm.array<256 x i8>
    %135 = "stable_mosaic_gpu.gpu.launch"(%0, %49, %50, %51, %52, %53, %54, %55) ({
    ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index, %arg9: index, %arg10: index, %arg11: index, %arg12: index, %arg13: index):
      %136 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%134) : (!llvm.array<256 x i8>) -> !llvm.ptr
      %137 = "stable_mosaic_gpu.llvm.getelementptr"(%136) {elem_type = i8, rawConstantIndices = array<i32: 128>} : (!llvm.ptr) -> !llvm.ptr
      %138 = "stable_mosaic_gpu.llvm.getelementptr"(%136) {elem_type = i8, rawConstantIndices = array<i32: 0>} : (!llvm.ptr) -> !llvm.ptr
      %139 = "stable_mosaic_gpu.gpu.dynamic_shared_memory"() : () -> memref<?xi8, #gpu.address_space<workgroup>>
      %140 = "stable_mosaic_gpu.arith.constant"() {value = 0 : index} : () -> index
      %141 = "stable_mosaic_gpu.memref.view"(%139, %140) : (memref<?xi8, #gpu.address_space<workgroup>>, index) -> memref<24576xi8, #gpu.address_space<workgroup>>
      %142 = "stable_mosaic_gpu.arith.constant"() {value = 24576 : index} : () -> index
      %143 = "stable_mosaic_gpu.memref.view"(%139, %142) : (memref<?xi8, #gpu.address_space<workgroup>>, index) -> memref<1xi64, #gpu.address_space<workgroup>>
      %144 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%143) : (memref<1xi64, #gpu.address_space<workgroup>>) -> !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %145 = "stable_mosaic_gpu.llvm.extractvalue"(%144) {position = array<i64: 1>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>) -> !llvm.ptr<3>
      %146 = "stable_mosaic_gpu.llvm.extractvalue"(%144) {position = array<i64: 2>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>) -> i64
      %147 = "stable_mosaic_gpu.arith.constant"() {value = 8 : i64} : () -> i64
      %148 = "stable_mosaic_gpu.llvm.mul"(%146, %147) : (i64, i64) -> i64
      %149 = "stable_mosaic_gpu.llvm.ptrtoint"(%145) : (!llvm.ptr<3>) -> i64
      %150 = "stable_mosaic_gpu.llvm.add"(%149, %148) : (i64, i64) -> i64
      %151 = "stable_mosaic_gpu.llvm.inttoptr"(%150) : (i64) -> !llvm.ptr<3>
      %152 = "stable_mosaic_gpu.memref.alloca"() {operandSegmentSizes = array<i32: 0, 0>} : () -> memref<i32>
      %153 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      "stable_mosaic_gpu.memref.store"(%153, %152) : (i32, memref<i32>) -> ()
      %154 = "stable_mosaic_gpu.nvvm.elect.sync"() : () -> i1
      %155 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
      %156 = "stable_mosaic_gpu.arith.index_cast"(%155) : (index) -> i32
      %157 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim x>} : () -> index
      %158 = "stable_mosaic_gpu.arith.index_cast"(%157) : (index) -> i32
      %159 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim y>} : () -> index
      %160 = "stable_mosaic_gpu.arith.index_cast"(%159) : (index) -> i32
      %161 = "stable_mosaic_gpu.arith.muli"(%160, %158) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %162 = "stable_mosaic_gpu.arith.addi"(%156, %161) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %163 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim y>} : () -> index
      %164 = "stable_mosaic_gpu.arith.index_cast"(%163) : (index) -> i32
      %165 = "stable_mosaic_gpu.arith.muli"(%158, %164) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %166 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim z>} : () -> index
      %167 = "stable_mosaic_gpu.arith.index_cast"(%166) : (index) -> i32
      %168 = "stable_mosaic_gpu.arith.muli"(%167, %165) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %169 = "stable_mosaic_gpu.arith.addi"(%162, %168) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %170 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim z>} : () -> index
      %171 = "stable_mosaic_gpu.arith.index_cast"(%170) : (index) -> i32
      %172 = "stable_mosaic_gpu.arith.muli"(%165, %171) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %173 = "stable_mosaic_gpu.arith.constant"() {value = 5 : i32} : () -> i32
      %174 = "stable_mosaic_gpu.arith.shrui"(%169, %173) : (i32, i32) -> i32
      %175 = "stable_mosaic_gpu.arith.constant"() {value = -1 : i32} : () -> i32
      %176 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %177 = "stable_mosaic_gpu.arith.constant"() {value = 31 : i32} : () -> i32
      %178 = "stable_mosaic_gpu.nvvm.shfl.sync"(%175, %174, %176, %177) {kind = #nvvm<shfl_kind idx>} : (i32, i32, i32, i32) -> i32
      %179 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %180 = "stable_mosaic_gpu.arith.cmpi"(%178, %179) {predicate = 0 : i64} : (i32, i32) -> i1
      %181 = "stable_mosaic_gpu.arith.andi"(%180, %154) : (i1, i1) -> i1
      %182 = "stable_mosaic_gpu.llvm.getelementptr"(%151) {elem_type = i64, rawConstantIndices = array<i32: 0>} : (!llvm.ptr<3>) -> !llvm.ptr<3>
      %183 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      "stable_mosaic_gpu.nvvm.mbarrier.init"(%182, %183, %181) : (!llvm.ptr<3>, i32, i1) -> ()
      %184 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      "stable_mosaic_gpu.nvvm.fence.mbarrier.init"() : () -> ()
      "stable_mosaic_gpu.gpu.barrier"() {scope = #gpu.barrier_scope<workgroup>} : () -> ()
      %185 = "stable_mosaic_gpu.nvvm.elect.sync"() : () -> i1
      %186 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
      %187 = "stable_mosaic_gpu.arith.index_cast"(%186) : (index) -> i32
      %188 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim x>} : () -> index
      %189 = "stable_mosaic_gpu.arith.index_cast"(%188) : (index) -> i32
      %190 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim y>} : () -> index
      %191 = "stable_mosaic_gpu.arith.index_cast"(%190) : (index) -> i32
      %192 = "stable_mosaic_gpu.arith.muli"(%191, %189) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %193 = "stable_mosaic_gpu.arith.addi"(%187, %192) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %194 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim y>} : () -> index
      %195 = "stable_mosaic_gpu.arith.index_cast"(%194) : (index) -> i32
      %196 = "stable_mosaic_gpu.arith.muli"(%189, %195) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %197 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim z>} : () -> index
      %198 = "stable_mosaic_gpu.arith.index_cast"(%197) : (index) -> i32
      %199 = "stable_mosaic_gpu.arith.muli"(%198, %196) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %200 = "stable_mosaic_gpu.arith.addi"(%193, %199) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %201 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim z>} : () -> index
      %202 = "stable_mosaic_gpu.arith.index_cast"(%201) : (index) -> i32
      %203 = "stable_mosaic_gpu.arith.muli"(%196, %202) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %204 = "stable_mosaic_gpu.arith.constant"() {value = 5 : i32} : () -> i32
      %205 = "stable_mosaic_gpu.arith.shrui"(%200, %204) : (i32, i32) -> i32
      %206 = "stable_mosaic_gpu.arith.constant"() {value = -1 : i32} : () -> i32
      %207 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %208 = "stable_mosaic_gpu.arith.constant"() {value = 31 : i32} : () -> i32
      %209 = "stable_mosaic_gpu.nvvm.shfl.sync"(%206, %205, %207, %208) {kind = #nvvm<shfl_kind idx>} : (i32, i32, i32, i32) -> i32
      %210 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %211 = "stable_mosaic_gpu.arith.remui"(%209, %210) : (i32, i32) -> i32
      %212 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %213 = "stable_mosaic_gpu.arith.cmpi"(%211, %212) {predicate = 0 : i64} : (i32, i32) -> i1
      %214 = "stable_mosaic_gpu.arith.andi"(%213, %185) : (i1, i1) -> i1
      %215 = "stable_mosaic_gpu.nvvm.elect.sync"() : () -> i1
      %216 = "stable_mosaic_gpu.arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
      %217 = "stable_mosaic_gpu.vector.broadcast"(%216) : (f32) -> vector<2xf32>
      %218 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %219 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %220 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %221 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %222 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %223 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %224 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %225 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %226 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %227 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %228 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %229 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %230 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %231 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %232 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %233 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %234 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %235 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %236 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %237 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %238 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %239 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %240 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %241 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %242 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %243 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %244 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %245 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %246 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %247 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %248 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [0], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %249 = "stable_mosaic_gpu.vector.extract_strided_slice"(%217) {offsets = [1], sizes = [1], strides = [1]} : (vector<2xf32>) -> vector<1xf32>
      %250 = "stable_mosaic_gpu.vector.extract"(%218) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %251 = "stable_mosaic_gpu.vector.extract"(%219) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %252 = "stable_mosaic_gpu.vector.extract"(%220) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %253 = "stable_mosaic_gpu.vector.extract"(%221) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %254 = "stable_mosaic_gpu.vector.extract"(%222) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %255 = "stable_mosaic_gpu.vector.extract"(%223) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %256 = "stable_mosaic_gpu.vector.extract"(%224) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %257 = "stable_mosaic_gpu.vector.extract"(%225) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %258 = "stable_mosaic_gpu.vector.extract"(%226) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %259 = "stable_mosaic_gpu.vector.extract"(%227) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %260 = "stable_mosaic_gpu.vector.extract"(%228) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %261 = "stable_mosaic_gpu.vector.extract"(%229) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %262 = "stable_mosaic_gpu.vector.extract"(%230) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %263 = "stable_mosaic_gpu.vector.extract"(%231) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %264 = "stable_mosaic_gpu.vector.extract"(%232) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %265 = "stable_mosaic_gpu.vector.extract"(%233) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %266 = "stable_mosaic_gpu.vector.extract"(%234) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %267 = "stable_mosaic_gpu.vector.extract"(%235) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %268 = "stable_mosaic_gpu.vector.extract"(%236) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %269 = "stable_mosaic_gpu.vector.extract"(%237) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %270 = "stable_mosaic_gpu.vector.extract"(%238) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %271 = "stable_mosaic_gpu.vector.extract"(%239) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %272 = "stable_mosaic_gpu.vector.extract"(%240) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %273 = "stable_mosaic_gpu.vector.extract"(%241) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %274 = "stable_mosaic_gpu.vector.extract"(%242) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %275 = "stable_mosaic_gpu.vector.extract"(%243) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %276 = "stable_mosaic_gpu.vector.extract"(%244) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %277 = "stable_mosaic_gpu.vector.extract"(%245) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %278 = "stable_mosaic_gpu.vector.extract"(%246) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %279 = "stable_mosaic_gpu.vector.extract"(%247) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %280 = "stable_mosaic_gpu.vector.extract"(%248) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %281 = "stable_mosaic_gpu.vector.extract"(%249) {static_position = array<i64: 0>} : (vector<1xf32>) -> f32
      %282 = "stable_mosaic_gpu.llvm.inline_asm"(%250, %251, %252, %253, %254, %255, %256, %257, %258, %259, %260, %261, %262, %263, %264, %265, %266, %267, %268, %269, %270, %271, %272, %273, %274, %275, %276, %277, %278, %279, %280, %281) {asm_dialect = 0 : i64, asm_string = "", constraints = "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31", has_side_effects, tail_call_kind = #llvm.tailcallkind<none>} : (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %283 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 0>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %284 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 1>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %285 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 2>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %286 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 3>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %287 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 4>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %288 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 5>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %289 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 6>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %290 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 7>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %291 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 8>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %292 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 9>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %293 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 10>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %294 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 11>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %295 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 12>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %296 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 13>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %297 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 14>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %298 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 15>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %299 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 16>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %300 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 17>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %301 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 18>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %302 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 19>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %303 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 20>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %304 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 21>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %305 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 22>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %306 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 23>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %307 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 24>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %308 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 25>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %309 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 26>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %310 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 27>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %311 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 28>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %312 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 29>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %313 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 30>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %314 = "stable_mosaic_gpu.llvm.extractvalue"(%282) {position = array<i64: 31>} : (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) -> f32
      %315 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %316 = "stable_mosaic_gpu.llvm.bitcast"(%283) : (f32) -> i32
      %317 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %318 = "stable_mosaic_gpu.llvm.insertelement"(%315, %316, %317) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %319 = "stable_mosaic_gpu.vector.bitcast"(%318) : (vector<1xi32>) -> vector<1xf32>
      %320 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %321 = "stable_mosaic_gpu.llvm.bitcast"(%284) : (f32) -> i32
      %322 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %323 = "stable_mosaic_gpu.llvm.insertelement"(%320, %321, %322) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %324 = "stable_mosaic_gpu.vector.bitcast"(%323) : (vector<1xi32>) -> vector<1xf32>
      %325 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %326 = "stable_mosaic_gpu.llvm.bitcast"(%285) : (f32) -> i32
      %327 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %328 = "stable_mosaic_gpu.llvm.insertelement"(%325, %326, %327) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %329 = "stable_mosaic_gpu.vector.bitcast"(%328) : (vector<1xi32>) -> vector<1xf32>
      %330 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %331 = "stable_mosaic_gpu.llvm.bitcast"(%286) : (f32) -> i32
      %332 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %333 = "stable_mosaic_gpu.llvm.insertelement"(%330, %331, %332) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %334 = "stable_mosaic_gpu.vector.bitcast"(%333) : (vector<1xi32>) -> vector<1xf32>
      %335 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %336 = "stable_mosaic_gpu.llvm.bitcast"(%287) : (f32) -> i32
      %337 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %338 = "stable_mosaic_gpu.llvm.insertelement"(%335, %336, %337) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %339 = "stable_mosaic_gpu.vector.bitcast"(%338) : (vector<1xi32>) -> vector<1xf32>
      %340 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %341 = "stable_mosaic_gpu.llvm.bitcast"(%288) : (f32) -> i32
      %342 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %343 = "stable_mosaic_gpu.llvm.insertelement"(%340, %341, %342) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %344 = "stable_mosaic_gpu.vector.bitcast"(%343) : (vector<1xi32>) -> vector<1xf32>
      %345 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %346 = "stable_mosaic_gpu.llvm.bitcast"(%289) : (f32) -> i32
      %347 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %348 = "stable_mosaic_gpu.llvm.insertelement"(%345, %346, %347) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %349 = "stable_mosaic_gpu.vector.bitcast"(%348) : (vector<1xi32>) -> vector<1xf32>
      %350 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %351 = "stable_mosaic_gpu.llvm.bitcast"(%290) : (f32) -> i32
      %352 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %353 = "stable_mosaic_gpu.llvm.insertelement"(%350, %351, %352) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %354 = "stable_mosaic_gpu.vector.bitcast"(%353) : (vector<1xi32>) -> vector<1xf32>
      %355 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %356 = "stable_mosaic_gpu.llvm.bitcast"(%291) : (f32) -> i32
      %357 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %358 = "stable_mosaic_gpu.llvm.insertelement"(%355, %356, %357) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %359 = "stable_mosaic_gpu.vector.bitcast"(%358) : (vector<1xi32>) -> vector<1xf32>
      %360 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %361 = "stable_mosaic_gpu.llvm.bitcast"(%292) : (f32) -> i32
      %362 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %363 = "stable_mosaic_gpu.llvm.insertelement"(%360, %361, %362) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %364 = "stable_mosaic_gpu.vector.bitcast"(%363) : (vector<1xi32>) -> vector<1xf32>
      %365 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %366 = "stable_mosaic_gpu.llvm.bitcast"(%293) : (f32) -> i32
      %367 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %368 = "stable_mosaic_gpu.llvm.insertelement"(%365, %366, %367) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %369 = "stable_mosaic_gpu.vector.bitcast"(%368) : (vector<1xi32>) -> vector<1xf32>
      %370 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %371 = "stable_mosaic_gpu.llvm.bitcast"(%294) : (f32) -> i32
      %372 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %373 = "stable_mosaic_gpu.llvm.insertelement"(%370, %371, %372) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %374 = "stable_mosaic_gpu.vector.bitcast"(%373) : (vector<1xi32>) -> vector<1xf32>
      %375 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %376 = "stable_mosaic_gpu.llvm.bitcast"(%295) : (f32) -> i32
      %377 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %378 = "stable_mosaic_gpu.llvm.insertelement"(%375, %376, %377) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %379 = "stable_mosaic_gpu.vector.bitcast"(%378) : (vector<1xi32>) -> vector<1xf32>
      %380 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %381 = "stable_mosaic_gpu.llvm.bitcast"(%296) : (f32) -> i32
      %382 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %383 = "stable_mosaic_gpu.llvm.insertelement"(%380, %381, %382) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %384 = "stable_mosaic_gpu.vector.bitcast"(%383) : (vector<1xi32>) -> vector<1xf32>
      %385 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %386 = "stable_mosaic_gpu.llvm.bitcast"(%297) : (f32) -> i32
      %387 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %388 = "stable_mosaic_gpu.llvm.insertelement"(%385, %386, %387) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %389 = "stable_mosaic_gpu.vector.bitcast"(%388) : (vector<1xi32>) -> vector<1xf32>
      %390 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %391 = "stable_mosaic_gpu.llvm.bitcast"(%298) : (f32) -> i32
      %392 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %393 = "stable_mosaic_gpu.llvm.insertelement"(%390, %391, %392) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %394 = "stable_mosaic_gpu.vector.bitcast"(%393) : (vector<1xi32>) -> vector<1xf32>
      %395 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %396 = "stable_mosaic_gpu.llvm.bitcast"(%299) : (f32) -> i32
      %397 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %398 = "stable_mosaic_gpu.llvm.insertelement"(%395, %396, %397) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %399 = "stable_mosaic_gpu.vector.bitcast"(%398) : (vector<1xi32>) -> vector<1xf32>
      %400 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %401 = "stable_mosaic_gpu.llvm.bitcast"(%300) : (f32) -> i32
      %402 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %403 = "stable_mosaic_gpu.llvm.insertelement"(%400, %401, %402) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %404 = "stable_mosaic_gpu.vector.bitcast"(%403) : (vector<1xi32>) -> vector<1xf32>
      %405 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %406 = "stable_mosaic_gpu.llvm.bitcast"(%301) : (f32) -> i32
      %407 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %408 = "stable_mosaic_gpu.llvm.insertelement"(%405, %406, %407) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %409 = "stable_mosaic_gpu.vector.bitcast"(%408) : (vector<1xi32>) -> vector<1xf32>
      %410 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %411 = "stable_mosaic_gpu.llvm.bitcast"(%302) : (f32) -> i32
      %412 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %413 = "stable_mosaic_gpu.llvm.insertelement"(%410, %411, %412) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %414 = "stable_mosaic_gpu.vector.bitcast"(%413) : (vector<1xi32>) -> vector<1xf32>
      %415 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %416 = "stable_mosaic_gpu.llvm.bitcast"(%303) : (f32) -> i32
      %417 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %418 = "stable_mosaic_gpu.llvm.insertelement"(%415, %416, %417) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %419 = "stable_mosaic_gpu.vector.bitcast"(%418) : (vector<1xi32>) -> vector<1xf32>
      %420 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %421 = "stable_mosaic_gpu.llvm.bitcast"(%304) : (f32) -> i32
      %422 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %423 = "stable_mosaic_gpu.llvm.insertelement"(%420, %421, %422) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %424 = "stable_mosaic_gpu.vector.bitcast"(%423) : (vector<1xi32>) -> vector<1xf32>
      %425 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %426 = "stable_mosaic_gpu.llvm.bitcast"(%305) : (f32) -> i32
      %427 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %428 = "stable_mosaic_gpu.llvm.insertelement"(%425, %426, %427) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %429 = "stable_mosaic_gpu.vector.bitcast"(%428) : (vector<1xi32>) -> vector<1xf32>
      %430 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %431 = "stable_mosaic_gpu.llvm.bitcast"(%306) : (f32) -> i32
      %432 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %433 = "stable_mosaic_gpu.llvm.insertelement"(%430, %431, %432) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %434 = "stable_mosaic_gpu.vector.bitcast"(%433) : (vector<1xi32>) -> vector<1xf32>
      %435 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %436 = "stable_mosaic_gpu.llvm.bitcast"(%307) : (f32) -> i32
      %437 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %438 = "stable_mosaic_gpu.llvm.insertelement"(%435, %436, %437) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %439 = "stable_mosaic_gpu.vector.bitcast"(%438) : (vector<1xi32>) -> vector<1xf32>
      %440 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %441 = "stable_mosaic_gpu.llvm.bitcast"(%308) : (f32) -> i32
      %442 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %443 = "stable_mosaic_gpu.llvm.insertelement"(%440, %441, %442) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %444 = "stable_mosaic_gpu.vector.bitcast"(%443) : (vector<1xi32>) -> vector<1xf32>
      %445 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %446 = "stable_mosaic_gpu.llvm.bitcast"(%309) : (f32) -> i32
      %447 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %448 = "stable_mosaic_gpu.llvm.insertelement"(%445, %446, %447) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %449 = "stable_mosaic_gpu.vector.bitcast"(%448) : (vector<1xi32>) -> vector<1xf32>
      %450 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %451 = "stable_mosaic_gpu.llvm.bitcast"(%310) : (f32) -> i32
      %452 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %453 = "stable_mosaic_gpu.llvm.insertelement"(%450, %451, %452) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %454 = "stable_mosaic_gpu.vector.bitcast"(%453) : (vector<1xi32>) -> vector<1xf32>
      %455 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %456 = "stable_mosaic_gpu.llvm.bitcast"(%311) : (f32) -> i32
      %457 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %458 = "stable_mosaic_gpu.llvm.insertelement"(%455, %456, %457) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %459 = "stable_mosaic_gpu.vector.bitcast"(%458) : (vector<1xi32>) -> vector<1xf32>
      %460 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %461 = "stable_mosaic_gpu.llvm.bitcast"(%312) : (f32) -> i32
      %462 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %463 = "stable_mosaic_gpu.llvm.insertelement"(%460, %461, %462) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %464 = "stable_mosaic_gpu.vector.bitcast"(%463) : (vector<1xi32>) -> vector<1xf32>
      %465 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %466 = "stable_mosaic_gpu.llvm.bitcast"(%313) : (f32) -> i32
      %467 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %468 = "stable_mosaic_gpu.llvm.insertelement"(%465, %466, %467) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %469 = "stable_mosaic_gpu.vector.bitcast"(%468) : (vector<1xi32>) -> vector<1xf32>
      %470 = "stable_mosaic_gpu.llvm.mlir.undef"() : () -> vector<1xi32>
      %471 = "stable_mosaic_gpu.llvm.bitcast"(%314) : (f32) -> i32
      %472 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %473 = "stable_mosaic_gpu.llvm.insertelement"(%470, %471, %472) : (vector<1xi32>, i32, i32) -> vector<1xi32>
      %474 = "stable_mosaic_gpu.vector.bitcast"(%473) : (vector<1xi32>) -> vector<1xf32>
      "stable_mosaic_gpu.nvvm.wgmma.fence.aligned"() : () -> ()
      %475 = "stable_mosaic_gpu.gpu.dynamic_shared_memory"() : () -> memref<?xi8, #gpu.address_space<workgroup>>
      %476 = "stable_mosaic_gpu.arith.constant"() {value = 0 : index} : () -> index
      %477 = "stable_mosaic_gpu.memref.view"(%475, %476) : (memref<?xi8, #gpu.address_space<workgroup>>, index) -> memref<1x8x1x8x64xf16, #gpu.address_space<workgroup>>
      %478 = "stable_mosaic_gpu.gpu.dynamic_shared_memory"() : () -> memref<?xi8, #gpu.address_space<workgroup>>
      %479 = "stable_mosaic_gpu.arith.constant"() {value = 8192 : index} : () -> index
      %480 = "stable_mosaic_gpu.memref.view"(%478, %479) : (memref<?xi8, #gpu.address_space<workgroup>>, index) -> memref<1x8x1x8x64xf16, #gpu.address_space<workgroup>>
      %481 = "stable_mosaic_gpu.gpu.dynamic_shared_memory"() : () -> memref<?xi8, #gpu.address_space<workgroup>>
      %482 = "stable_mosaic_gpu.arith.constant"() {value = 16384 : index} : () -> index
      %483 = "stable_mosaic_gpu.memref.view"(%481, %482) : (memref<?xi8, #gpu.address_space<workgroup>>, index) -> memref<1x64x64xf16, #gpu.address_space<workgroup>>
      %484 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %485 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %486 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %487 = "stable_mosaic_gpu.arith.muli"(%485, %486) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %488 = "stable_mosaic_gpu.arith.addi"(%487, %484) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %489 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %490 = "stable_mosaic_gpu.arith.addi"(%488, %489) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %491 = "stable_mosaic_gpu.arith.index_cast"(%490) : (i32) -> index
      %492 = "stable_mosaic_gpu.memref.subview"(%477, %491) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0, 0, 0, 0>, static_sizes = array<i64: 1, 8, 1, 8, 64>, static_strides = array<i64: 1, 1, 1, 1, 1>} : (memref<1x8x1x8x64xf16, #gpu.address_space<workgroup>>, index) -> memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %493 = "stable_mosaic_gpu.arith.index_cast"(%490) : (i32) -> index
      %494 = "stable_mosaic_gpu.arith.constant"() {value = 1 : index} : () -> index
      %495 = "stable_mosaic_gpu.arith.muli"(%493, %494) {overflowFlags = #arith.overflow<none>} : (index, index) -> index
      %496 = "stable_mosaic_gpu.arith.index_castui"(%495) : (index) -> i32
      %497 = "stable_mosaic_gpu.arith.addi"(%184, %496) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %498 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
      %499 = "stable_mosaic_gpu.arith.index_cast"(%498) : (index) -> i32
      %500 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim x>} : () -> index
      %501 = "stable_mosaic_gpu.arith.index_cast"(%500) : (index) -> i32
      %502 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim y>} : () -> index
      %503 = "stable_mosaic_gpu.arith.index_cast"(%502) : (index) -> i32
      %504 = "stable_mosaic_gpu.arith.muli"(%503, %501) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %505 = "stable_mosaic_gpu.arith.addi"(%499, %504) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %506 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim y>} : () -> index
      %507 = "stable_mosaic_gpu.arith.index_cast"(%506) : (index) -> i32
      %508 = "stable_mosaic_gpu.arith.muli"(%501, %507) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %509 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim z>} : () -> index
      %510 = "stable_mosaic_gpu.arith.index_cast"(%509) : (index) -> i32
      %511 = "stable_mosaic_gpu.arith.muli"(%510, %508) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %512 = "stable_mosaic_gpu.arith.addi"(%505, %511) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %513 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim z>} : () -> index
      %514 = "stable_mosaic_gpu.arith.index_cast"(%513) : (index) -> i32
      %515 = "stable_mosaic_gpu.arith.muli"(%508, %514) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %516 = "stable_mosaic_gpu.arith.constant"() {value = 7 : i32} : () -> i32
      %517 = "stable_mosaic_gpu.arith.shrui"(%512, %516) : (i32, i32) -> i32
      %518 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %519 = "stable_mosaic_gpu.arith.addi"(%517, %518) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %520 = "stable_mosaic_gpu.llvm.inline_asm"(%519) {asm_string = "bar.sync $0, 128;", constraints = "r", has_side_effects, tail_call_kind = #llvm.tailcallkind<none>} : (i32) -> !llvm.void
      %521 = "stable_mosaic_gpu.arith.constant"() {value = 64 : i32} : () -> i32
      %522 = "stable_mosaic_gpu.llvm.getelementptr"(%151, %497) {elem_type = i64, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %523 = "stable_mosaic_gpu.nvvm.mbarrier.arrive.expect_tx"(%522, %521) {relaxed = false, scope = #nvvm.mem_scope<cta>} : (!llvm.ptr<3>, i32) -> i64
      %524 = "stable_mosaic_gpu.arith.constant"() {value = 0 : index} : () -> index
      %525 = "stable_mosaic_gpu.arith.constant"() {value = 0 : index} : () -> index
      %526 = "stable_mosaic_gpu.arith.constant"() {value = 8 : index} : () -> index
      %527 = "stable_mosaic_gpu.arith.divui"(%524, %526) : (index, index) -> index
      %528 = "stable_mosaic_gpu.arith.constant"() {value = 64 : index} : () -> index
      %529 = "stable_mosaic_gpu.arith.divui"(%525, %528) : (index, index) -> index
      %530 = "stable_mosaic_gpu.arith.constant"() {value = 8 : index} : () -> index
      %531 = "stable_mosaic_gpu.arith.remui"(%524, %530) : (index, index) -> index
      %532 = "stable_mosaic_gpu.arith.constant"() {value = 64 : index} : () -> index
      %533 = "stable_mosaic_gpu.arith.remui"(%525, %532) : (index, index) -> index
      %534:10 = "stable_mosaic_gpu.memref.extract_strided_metadata"(%492) : (memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> (memref<f16, #gpu.address_space<workgroup>>, index, index, index, index, index, index, index, index, index)
      %535 = "stable_mosaic_gpu.memref.reinterpret_cast"(%492, %534#1) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 8, 8, 64>, static_strides = array<i64: 512, 64, 1>} : (memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>, index) -> memref<8x8x64xf16, strided<[512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %536 = "stable_mosaic_gpu.arith.constant"() {value = 8192 : i32} : () -> i32
      %537 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%535) : (memref<8x8x64xf16, strided<[512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> !llvm.struct<(ptr<3>, ptr<3>, i64, array<3 x i64>, array<3 x i64>)>
      %538 = "stable_mosaic_gpu.llvm.extractvalue"(%537) {position = array<i64: 1>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<3 x i64>, array<3 x i64>)>) -> !llvm.ptr<3>
      %539 = "stable_mosaic_gpu.llvm.extractvalue"(%537) {position = array<i64: 2>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<3 x i64>, array<3 x i64>)>) -> i64
      %540 = "stable_mosaic_gpu.arith.constant"() {value = 2 : i64} : () -> i64
      %541 = "stable_mosaic_gpu.llvm.mul"(%539, %540) : (i64, i64) -> i64
      %542 = "stable_mosaic_gpu.llvm.ptrtoint"(%538) : (!llvm.ptr<3>) -> i64
      %543 = "stable_mosaic_gpu.llvm.add"(%542, %541) : (i64, i64) -> i64
      %544 = "stable_mosaic_gpu.llvm.inttoptr"(%543) : (i64) -> !llvm.ptr<3>
      %545 = "stable_mosaic_gpu.memref.expand_shape"(%16) {reassociation = [[0], [1, 2]], static_output_shape = array<i64: 64, 1, 64>} : (memref<64x64xf16>) -> memref<64x1x64xf16>
      %546 = "stable_mosaic_gpu.memref.expand_shape"(%545) {reassociation = [[0, 1], [2], [3]], static_output_shape = array<i64: 8, 8, 1, 64>} : (memref<64x1x64xf16>) -> memref<8x8x1x64xf16>
      %547 = "stable_mosaic_gpu.memref.transpose"(%546) {permutation = #map} : (memref<8x8x1x64xf16>) -> memref<8x1x8x64xf16, strided<[512, 64, 64, 1]>>
      %548 = "stable_mosaic_gpu.memref.reinterpret_cast"(%547) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8, 8, 64>, static_strides = array<i64: 512, 64, 1>} : (memref<8x1x8x64xf16, strided<[512, 64, 64, 1]>>) -> memref<8x8x64xf16, strided<[512, 64, 1]>>
      %549 = "stable_mosaic_gpu.arith.index_cast"(%533) : (index) -> i32
      %550 = "stable_mosaic_gpu.arith.index_cast"(%531) : (index) -> i32
      %551 = "stable_mosaic_gpu.arith.index_cast"(%527) : (index) -> i32
      %552 = "stable_mosaic_gpu.llvm.getelementptr"(%151, %497) {elem_type = i64, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.nvvm.cp.async.bulk.tensor.shared.cluster.global"(%544, %138, %549, %550, %551, %552, %214) {isCTAOnly = false, mode = #nvvm.tma_load_mode<tile>, operandSegmentSizes = array<i32: 1, 1, 3, 1, 0, 0, 0, 1>} : (!llvm.ptr<3>, !llvm.ptr, i32, i32, i32, !llvm.ptr<3>, i1) -> ()
      %553 = "stable_mosaic_gpu.arith.index_cast"(%490) : (i32) -> index
      %554 = "stable_mosaic_gpu.memref.subview"(%480, %553) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0, 0, 0, 0>, static_sizes = array<i64: 1, 8, 1, 8, 64>, static_strides = array<i64: 1, 1, 1, 1, 1>} : (memref<1x8x1x8x64xf16, #gpu.address_space<workgroup>>, index) -> memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %555 = "stable_mosaic_gpu.arith.index_cast"(%490) : (i32) -> index
      %556 = "stable_mosaic_gpu.arith.constant"() {value = 1 : index} : () -> index
      %557 = "stable_mosaic_gpu.arith.muli"(%555, %556) {overflowFlags = #arith.overflow<none>} : (index, index) -> index
      %558 = "stable_mosaic_gpu.arith.index_castui"(%557) : (index) -> i32
      %559 = "stable_mosaic_gpu.arith.addi"(%184, %558) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %560 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
      %561 = "stable_mosaic_gpu.arith.index_cast"(%560) : (index) -> i32
      %562 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim x>} : () -> index
      %563 = "stable_mosaic_gpu.arith.index_cast"(%562) : (index) -> i32
      %564 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim y>} : () -> index
      %565 = "stable_mosaic_gpu.arith.index_cast"(%564) : (index) -> i32
      %566 = "stable_mosaic_gpu.arith.muli"(%565, %563) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %567 = "stable_mosaic_gpu.arith.addi"(%561, %566) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %568 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim y>} : () -> index
      %569 = "stable_mosaic_gpu.arith.index_cast"(%568) : (index) -> i32
      %570 = "stable_mosaic_gpu.arith.muli"(%563, %569) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %571 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim z>} : () -> index
      %572 = "stable_mosaic_gpu.arith.index_cast"(%571) : (index) -> i32
      %573 = "stable_mosaic_gpu.arith.muli"(%572, %570) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %574 = "stable_mosaic_gpu.arith.addi"(%567, %573) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %575 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim z>} : () -> index
      %576 = "stable_mosaic_gpu.arith.index_cast"(%575) : (index) -> i32
      %577 = "stable_mosaic_gpu.arith.muli"(%570, %576) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %578 = "stable_mosaic_gpu.arith.constant"() {value = 7 : i32} : () -> i32
      %579 = "stable_mosaic_gpu.arith.shrui"(%574, %578) : (i32, i32) -> i32
      %580 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %581 = "stable_mosaic_gpu.arith.addi"(%579, %580) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %582 = "stable_mosaic_gpu.llvm.inline_asm"(%581) {asm_string = "bar.sync $0, 128;", constraints = "r", has_side_effects, tail_call_kind = #llvm.tailcallkind<none>} : (i32) -> !llvm.void
      %583 = "stable_mosaic_gpu.arith.constant"() {value = 64 : i32} : () -> i32
      %584 = "stable_mosaic_gpu.llvm.getelementptr"(%151, %559) {elem_type = i64, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %585 = "stable_mosaic_gpu.nvvm.mbarrier.arrive.expect_tx"(%584, %583) {relaxed = false, scope = #nvvm.mem_scope<cta>} : (!llvm.ptr<3>, i32) -> i64
      %586 = "stable_mosaic_gpu.arith.constant"() {value = 0 : index} : () -> index
      %587 = "stable_mosaic_gpu.arith.constant"() {value = 0 : index} : () -> index
      %588 = "stable_mosaic_gpu.arith.constant"() {value = 8 : index} : () -> index
      %589 = "stable_mosaic_gpu.arith.divui"(%586, %588) : (index, index) -> index
      %590 = "stable_mosaic_gpu.arith.constant"() {value = 64 : index} : () -> index
      %591 = "stable_mosaic_gpu.arith.divui"(%587, %590) : (index, index) -> index
      %592 = "stable_mosaic_gpu.arith.constant"() {value = 8 : index} : () -> index
      %593 = "stable_mosaic_gpu.arith.remui"(%586, %592) : (index, index) -> index
      %594 = "stable_mosaic_gpu.arith.constant"() {value = 64 : index} : () -> index
      %595 = "stable_mosaic_gpu.arith.remui"(%587, %594) : (index, index) -> index
      %596:10 = "stable_mosaic_gpu.memref.extract_strided_metadata"(%554) : (memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> (memref<f16, #gpu.address_space<workgroup>>, index, index, index, index, index, index, index, index, index)
      %597 = "stable_mosaic_gpu.memref.reinterpret_cast"(%554, %596#1) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 8, 8, 64>, static_strides = array<i64: 512, 64, 1>} : (memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>, index) -> memref<8x8x64xf16, strided<[512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %598 = "stable_mosaic_gpu.arith.constant"() {value = 8192 : i32} : () -> i32
      %599 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%597) : (memref<8x8x64xf16, strided<[512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> !llvm.struct<(ptr<3>, ptr<3>, i64, array<3 x i64>, array<3 x i64>)>
      %600 = "stable_mosaic_gpu.llvm.extractvalue"(%599) {position = array<i64: 1>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<3 x i64>, array<3 x i64>)>) -> !llvm.ptr<3>
      %601 = "stable_mosaic_gpu.llvm.extractvalue"(%599) {position = array<i64: 2>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<3 x i64>, array<3 x i64>)>) -> i64
      %602 = "stable_mosaic_gpu.arith.constant"() {value = 2 : i64} : () -> i64
      %603 = "stable_mosaic_gpu.llvm.mul"(%601, %602) : (i64, i64) -> i64
      %604 = "stable_mosaic_gpu.llvm.ptrtoint"(%600) : (!llvm.ptr<3>) -> i64
      %605 = "stable_mosaic_gpu.llvm.add"(%604, %603) : (i64, i64) -> i64
      %606 = "stable_mosaic_gpu.llvm.inttoptr"(%605) : (i64) -> !llvm.ptr<3>
      %607 = "stable_mosaic_gpu.memref.expand_shape"(%32) {reassociation = [[0], [1, 2]], static_output_shape = array<i64: 64, 1, 64>} : (memref<64x64xf16>) -> memref<64x1x64xf16>
      %608 = "stable_mosaic_gpu.memref.expand_shape"(%607) {reassociation = [[0, 1], [2], [3]], static_output_shape = array<i64: 8, 8, 1, 64>} : (memref<64x1x64xf16>) -> memref<8x8x1x64xf16>
      %609 = "stable_mosaic_gpu.memref.transpose"(%608) {permutation = #map} : (memref<8x8x1x64xf16>) -> memref<8x1x8x64xf16, strided<[512, 64, 64, 1]>>
      %610 = "stable_mosaic_gpu.memref.reinterpret_cast"(%609) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8, 8, 64>, static_strides = array<i64: 512, 64, 1>} : (memref<8x1x8x64xf16, strided<[512, 64, 64, 1]>>) -> memref<8x8x64xf16, strided<[512, 64, 1]>>
      %611 = "stable_mosaic_gpu.arith.index_cast"(%595) : (index) -> i32
      %612 = "stable_mosaic_gpu.arith.index_cast"(%593) : (index) -> i32
      %613 = "stable_mosaic_gpu.arith.index_cast"(%589) : (index) -> i32
      %614 = "stable_mosaic_gpu.llvm.getelementptr"(%151, %559) {elem_type = i64, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.nvvm.cp.async.bulk.tensor.shared.cluster.global"(%606, %137, %611, %612, %613, %614, %214) {isCTAOnly = false, mode = #nvvm.tma_load_mode<tile>, operandSegmentSizes = array<i32: 1, 1, 3, 1, 0, 0, 0, 1>} : (!llvm.ptr<3>, !llvm.ptr, i32, i32, i32, !llvm.ptr<3>, i1) -> ()
      %615 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %616 = "stable_mosaic_gpu.arith.addi"(%484, %615) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %617 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %618 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %619 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %620 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %621 = "stable_mosaic_gpu.arith.muli"(%618, %620) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %622 = "stable_mosaic_gpu.arith.addi"(%621, %617) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %623 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %624 = "stable_mosaic_gpu.arith.addi"(%622, %623) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %625 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %626 = "stable_mosaic_gpu.arith.addi"(%619, %625) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %627 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %628 = "stable_mosaic_gpu.arith.remsi"(%619, %627) : (i32, i32) -> i32
      %629 = "stable_mosaic_gpu.arith.index_cast"(%628) : (i32) -> index
      %630 = "stable_mosaic_gpu.arith.constant"() {value = 1 : index} : () -> index
      %631 = "stable_mosaic_gpu.arith.muli"(%629, %630) {overflowFlags = #arith.overflow<none>} : (index, index) -> index
      %632 = "stable_mosaic_gpu.arith.index_castui"(%631) : (index) -> i32
      %633 = "stable_mosaic_gpu.arith.addi"(%184, %632) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %634 = "stable_mosaic_gpu.memref.load"(%152) : (memref<i32>) -> i32
      %635 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %636 = "stable_mosaic_gpu.arith.shli"(%635, %633) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %637 = "stable_mosaic_gpu.arith.andi"(%634, %636) : (i32, i32) -> i32
      %638 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %639 = "stable_mosaic_gpu.arith.cmpi"(%637, %638) {predicate = 1 : i64} : (i32, i32) -> i1
      %640 = "stable_mosaic_gpu.arith.xori"(%634, %636) : (i32, i32) -> i32
      "stable_mosaic_gpu.memref.store"(%640, %152) : (i32, memref<i32>) -> ()
      %641 = "stable_mosaic_gpu.arith.constant"() {value = 10000000 : i32} : () -> i32
      %642 = "stable_mosaic_gpu.arith.extui"(%639) : (i1) -> i32
      %643 = "stable_mosaic_gpu.llvm.getelementptr"(%151, %633) {elem_type = i64, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.nvvm.mbarrier.try_wait.parity"(%643, %642, %641) : (!llvm.ptr<3>, i32, i32) -> ()
      %644 = "stable_mosaic_gpu.arith.index_cast"(%628) : (i32) -> index
      %645 = "stable_mosaic_gpu.memref.subview"(%477, %644) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0, 0, 0, 0>, static_sizes = array<i64: 1, 8, 1, 8, 64>, static_strides = array<i64: 1, 1, 1, 1, 1>} : (memref<1x8x1x8x64xf16, #gpu.address_space<workgroup>>, index) -> memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %646 = "stable_mosaic_gpu.arith.index_cast"(%628) : (i32) -> index
      %647 = "stable_mosaic_gpu.memref.subview"(%480, %646) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0, 0, 0, 0>, static_sizes = array<i64: 1, 8, 1, 8, 64>, static_strides = array<i64: 1, 1, 1, 1, 1>} : (memref<1x8x1x8x64xf16, #gpu.address_space<workgroup>>, index) -> memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %648 = "stable_mosaic_gpu.arith.index_cast"(%628) : (i32) -> index
      %649 = "stable_mosaic_gpu.memref.subview"(%483, %648) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0, 0>, static_sizes = array<i64: 1, 64, 64>, static_strides = array<i64: 1, 1, 1>} : (memref<1x64x64xf16, #gpu.address_space<workgroup>>, index) -> memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %650 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%645) : (memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> !llvm.struct<(ptr<3>, ptr<3>, i64, array<4 x i64>, array<4 x i64>)>
      %651 = "stable_mosaic_gpu.llvm.extractvalue"(%650) {position = array<i64: 1>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<4 x i64>, array<4 x i64>)>) -> !llvm.ptr<3>
      %652 = "stable_mosaic_gpu.llvm.extractvalue"(%650) {position = array<i64: 2>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<4 x i64>, array<4 x i64>)>) -> i64
      %653 = "stable_mosaic_gpu.arith.constant"() {value = 2 : i64} : () -> i64
      %654 = "stable_mosaic_gpu.llvm.mul"(%652, %653) : (i64, i64) -> i64
      %655 = "stable_mosaic_gpu.llvm.ptrtoint"(%651) : (!llvm.ptr<3>) -> i64
      %656 = "stable_mosaic_gpu.llvm.add"(%655, %654) : (i64, i64) -> i64
      %657 = "stable_mosaic_gpu.llvm.inttoptr"(%656) : (i64) -> !llvm.ptr<3>
      %658 = "stable_mosaic_gpu.llvm.ptrtoint"(%657) : (!llvm.ptr<3>) -> i64
      %659 = "stable_mosaic_gpu.arith.constant"() {value = 262143 : i64} : () -> i64
      %660 = "stable_mosaic_gpu.llvm.and"(%658, %659) : (i64, i64) -> i64
      %661 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i64} : () -> i64
      %662 = "stable_mosaic_gpu.llvm.lshr"(%660, %661) : (i64, i64) -> i64
      %663 = "stable_mosaic_gpu.arith.constant"() {value = 4611686293305294848 : i64} : () -> i64
      %664 = "stable_mosaic_gpu.llvm.or"(%662, %663) : (i64, i64) -> i64
      %665 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%647) : (memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> !llvm.struct<(ptr<3>, ptr<3>, i64, array<4 x i64>, array<4 x i64>)>
      %666 = "stable_mosaic_gpu.llvm.extractvalue"(%665) {position = array<i64: 1>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<4 x i64>, array<4 x i64>)>) -> !llvm.ptr<3>
      %667 = "stable_mosaic_gpu.llvm.extractvalue"(%665) {position = array<i64: 2>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<4 x i64>, array<4 x i64>)>) -> i64
      %668 = "stable_mosaic_gpu.arith.constant"() {value = 2 : i64} : () -> i64
      %669 = "stable_mosaic_gpu.llvm.mul"(%667, %668) : (i64, i64) -> i64
      %670 = "stable_mosaic_gpu.llvm.ptrtoint"(%666) : (!llvm.ptr<3>) -> i64
      %671 = "stable_mosaic_gpu.llvm.add"(%670, %669) : (i64, i64) -> i64
      %672 = "stable_mosaic_gpu.llvm.inttoptr"(%671) : (i64) -> !llvm.ptr<3>
      %673 = "stable_mosaic_gpu.llvm.ptrtoint"(%672) : (!llvm.ptr<3>) -> i64
      %674 = "stable_mosaic_gpu.arith.constant"() {value = 262143 : i64} : () -> i64
      %675 = "stable_mosaic_gpu.llvm.and"(%673, %674) : (i64, i64) -> i64
      %676 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i64} : () -> i64
      %677 = "stable_mosaic_gpu.llvm.lshr"(%675, %676) : (i64, i64) -> i64
      %678 = "stable_mosaic_gpu.arith.constant"() {value = 4611686293309489152 : i64} : () -> i64
      %679 = "stable_mosaic_gpu.llvm.or"(%677, %678) : (i64, i64) -> i64
      %680 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i64} : () -> i64
      %681 = "stable_mosaic_gpu.llvm.add"(%664, %680) : (i64, i64) -> i64
      %682 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i64} : () -> i64
      %683 = "stable_mosaic_gpu.llvm.add"(%679, %682) : (i64, i64) -> i64
      %684 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 1 : i32} : () -> i32
      %685 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 0 : i32} : () -> i32
      %686 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 1 : i32} : () -> i32
      %687 = "stable_mosaic_gpu.llvm.inline_asm"(%319, %324, %329, %334, %339, %344, %349, %354, %359, %364, %369, %374, %379, %384, %389, %394, %399, %404, %409, %414, %419, %424, %429, %434, %439, %444, %449, %454, %459, %464, %469, %474, %681, %683, %684, %684, %684, %685, %686) {asm_dialect = 0 : i64, asm_string = "{ .reg .pred p; setp.ne.b32 p, $66, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31}, $64, $65, p, $67, $68, $69, $70; }\0A", constraints = "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,l,l,n,n,n,n,n", has_side_effects, tail_call_kind = #llvm.tailcallkind<none>} : (vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, i64, i64, i32, i32, i32, i32, i32) -> !llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>
      %688 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 0>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %689 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 1>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %690 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 2>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %691 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 3>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %692 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 4>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %693 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 5>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %694 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 6>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %695 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 7>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %696 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 8>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %697 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 9>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %698 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 10>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %699 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 11>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %700 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 12>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %701 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 13>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %702 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 14>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %703 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 15>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %704 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 16>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %705 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 17>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %706 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 18>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %707 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 19>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %708 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 20>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %709 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 21>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %710 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 22>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %711 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 23>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %712 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 24>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %713 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 25>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %714 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 26>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %715 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 27>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %716 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 28>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %717 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 29>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %718 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 30>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %719 = "stable_mosaic_gpu.llvm.extractvalue"(%687) {position = array<i64: 31>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %720 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 2 : i64} : () -> i64
      %721 = "stable_mosaic_gpu.llvm.add"(%681, %720) : (i64, i64) -> i64
      %722 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 128 : i64} : () -> i64
      %723 = "stable_mosaic_gpu.llvm.add"(%683, %722) : (i64, i64) -> i64
      %724 = "stable_mosaic_gpu.llvm.inline_asm"(%688, %689, %690, %691, %692, %693, %694, %695, %696, %697, %698, %699, %700, %701, %702, %703, %704, %705, %706, %707, %708, %709, %710, %711, %712, %713, %714, %715, %716, %717, %718, %719, %721, %723, %684, %684, %684, %685, %686) {asm_dialect = 0 : i64, asm_string = "{ .reg .pred p; setp.ne.b32 p, $66, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31}, $64, $65, p, $67, $68, $69, $70; }\0A", constraints = "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,l,l,n,n,n,n,n", has_side_effects, tail_call_kind = #llvm.tailcallkind<none>} : (vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, i64, i64, i32, i32, i32, i32, i32) -> !llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>
      %725 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 0>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %726 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 1>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %727 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 2>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %728 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 3>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %729 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 4>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %730 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 5>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %731 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 6>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %732 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 7>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %733 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 8>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %734 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 9>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %735 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 10>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %736 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 11>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %737 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 12>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %738 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 13>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %739 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 14>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %740 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 15>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %741 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 16>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %742 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 17>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %743 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 18>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %744 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 19>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %745 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 20>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %746 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 21>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %747 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 22>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %748 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 23>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %749 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 24>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %750 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 25>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %751 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 26>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %752 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 27>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %753 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 28>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %754 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 29>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %755 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 30>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %756 = "stable_mosaic_gpu.llvm.extractvalue"(%724) {position = array<i64: 31>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %757 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 2 : i64} : () -> i64
      %758 = "stable_mosaic_gpu.llvm.add"(%721, %757) : (i64, i64) -> i64
      %759 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 128 : i64} : () -> i64
      %760 = "stable_mosaic_gpu.llvm.add"(%723, %759) : (i64, i64) -> i64
      %761 = "stable_mosaic_gpu.llvm.inline_asm"(%725, %726, %727, %728, %729, %730, %731, %732, %733, %734, %735, %736, %737, %738, %739, %740, %741, %742, %743, %744, %745, %746, %747, %748, %749, %750, %751, %752, %753, %754, %755, %756, %758, %760, %684, %684, %684, %685, %686) {asm_dialect = 0 : i64, asm_string = "{ .reg .pred p; setp.ne.b32 p, $66, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31}, $64, $65, p, $67, $68, $69, $70; }\0A", constraints = "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,l,l,n,n,n,n,n", has_side_effects, tail_call_kind = #llvm.tailcallkind<none>} : (vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, i64, i64, i32, i32, i32, i32, i32) -> !llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>
      %762 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 0>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %763 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 1>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %764 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 2>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %765 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 3>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %766 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 4>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %767 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 5>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %768 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 6>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %769 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 7>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %770 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 8>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %771 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 9>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %772 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 10>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %773 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 11>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %774 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 12>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %775 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 13>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %776 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 14>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %777 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 15>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %778 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 16>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %779 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 17>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %780 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 18>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %781 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 19>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %782 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 20>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %783 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 21>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %784 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 22>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %785 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 23>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %786 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 24>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %787 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 25>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %788 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 26>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %789 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 27>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %790 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 28>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %791 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 29>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %792 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 30>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %793 = "stable_mosaic_gpu.llvm.extractvalue"(%761) {position = array<i64: 31>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %794 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 2 : i64} : () -> i64
      %795 = "stable_mosaic_gpu.llvm.add"(%758, %794) : (i64, i64) -> i64
      %796 = "stable_mosaic_gpu.llvm.mlir.constant"() {value = 128 : i64} : () -> i64
      %797 = "stable_mosaic_gpu.llvm.add"(%760, %796) : (i64, i64) -> i64
      %798 = "stable_mosaic_gpu.llvm.inline_asm"(%762, %763, %764, %765, %766, %767, %768, %769, %770, %771, %772, %773, %774, %775, %776, %777, %778, %779, %780, %781, %782, %783, %784, %785, %786, %787, %788, %789, %790, %791, %792, %793, %795, %797, %684, %684, %684, %685, %686) {asm_dialect = 0 : i64, asm_string = "{ .reg .pred p; setp.ne.b32 p, $66, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31}, $64, $65, p, $67, $68, $69, $70; }\0A", constraints = "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,l,l,n,n,n,n,n", has_side_effects, tail_call_kind = #llvm.tailcallkind<none>} : (vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, i64, i64, i32, i32, i32, i32, i32) -> !llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>
      %799 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 0>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %800 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 1>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %801 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 2>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %802 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 3>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %803 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 4>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %804 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 5>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %805 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 6>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %806 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 7>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %807 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 8>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %808 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 9>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %809 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 10>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %810 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 11>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %811 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 12>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %812 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 13>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %813 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 14>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %814 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 15>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %815 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 16>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %816 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 17>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %817 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 18>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %818 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 19>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %819 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 20>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %820 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 21>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %821 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 22>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %822 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 23>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %823 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 24>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %824 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 25>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %825 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 26>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %826 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 27>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %827 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 28>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %828 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 29>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %829 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 30>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      %830 = "stable_mosaic_gpu.llvm.extractvalue"(%798) {position = array<i64: 31>} : (!llvm.struct<(vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>)>) -> vector<1xf32>
      "stable_mosaic_gpu.nvvm.wgmma.commit.group.sync.aligned"() : () -> ()
      "stable_mosaic_gpu.nvvm.wgmma.wait.group.sync.aligned"() {group = 0 : i64} : () -> ()
      "stable_mosaic_gpu.nvvm.wgmma.wait.group.sync.aligned"() {group = 0 : i64} : () -> ()
      %831 = "stable_mosaic_gpu.vector.shuffle"(%799, %800) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %832 = "stable_mosaic_gpu.vector.shuffle"(%801, %802) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %833 = "stable_mosaic_gpu.vector.shuffle"(%803, %804) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %834 = "stable_mosaic_gpu.vector.shuffle"(%805, %806) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %835 = "stable_mosaic_gpu.vector.shuffle"(%807, %808) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %836 = "stable_mosaic_gpu.vector.shuffle"(%809, %810) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %837 = "stable_mosaic_gpu.vector.shuffle"(%811, %812) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %838 = "stable_mosaic_gpu.vector.shuffle"(%813, %814) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %839 = "stable_mosaic_gpu.vector.shuffle"(%815, %816) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %840 = "stable_mosaic_gpu.vector.shuffle"(%817, %818) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %841 = "stable_mosaic_gpu.vector.shuffle"(%819, %820) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %842 = "stable_mosaic_gpu.vector.shuffle"(%821, %822) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %843 = "stable_mosaic_gpu.vector.shuffle"(%823, %824) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %844 = "stable_mosaic_gpu.vector.shuffle"(%825, %826) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %845 = "stable_mosaic_gpu.vector.shuffle"(%827, %828) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %846 = "stable_mosaic_gpu.vector.shuffle"(%829, %830) {mask = array<i64: 0, 1>} : (vector<1xf32>, vector<1xf32>) -> vector<2xf32>
      %847 = "stable_mosaic_gpu.arith.truncf"(%831) : (vector<2xf32>) -> vector<2xf16>
      %848 = "stable_mosaic_gpu.arith.truncf"(%832) : (vector<2xf32>) -> vector<2xf16>
      %849 = "stable_mosaic_gpu.arith.truncf"(%833) : (vector<2xf32>) -> vector<2xf16>
      %850 = "stable_mosaic_gpu.arith.truncf"(%834) : (vector<2xf32>) -> vector<2xf16>
      %851 = "stable_mosaic_gpu.arith.truncf"(%835) : (vector<2xf32>) -> vector<2xf16>
      %852 = "stable_mosaic_gpu.arith.truncf"(%836) : (vector<2xf32>) -> vector<2xf16>
      %853 = "stable_mosaic_gpu.arith.truncf"(%837) : (vector<2xf32>) -> vector<2xf16>
      %854 = "stable_mosaic_gpu.arith.truncf"(%838) : (vector<2xf32>) -> vector<2xf16>
      %855 = "stable_mosaic_gpu.arith.truncf"(%839) : (vector<2xf32>) -> vector<2xf16>
      %856 = "stable_mosaic_gpu.arith.truncf"(%840) : (vector<2xf32>) -> vector<2xf16>
      %857 = "stable_mosaic_gpu.arith.truncf"(%841) : (vector<2xf32>) -> vector<2xf16>
      %858 = "stable_mosaic_gpu.arith.truncf"(%842) : (vector<2xf32>) -> vector<2xf16>
      %859 = "stable_mosaic_gpu.arith.truncf"(%843) : (vector<2xf32>) -> vector<2xf16>
      %860 = "stable_mosaic_gpu.arith.truncf"(%844) : (vector<2xf32>) -> vector<2xf16>
      %861 = "stable_mosaic_gpu.arith.truncf"(%845) : (vector<2xf32>) -> vector<2xf16>
      %862 = "stable_mosaic_gpu.arith.truncf"(%846) : (vector<2xf32>) -> vector<2xf16>
      %863 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
      %864 = "stable_mosaic_gpu.arith.index_cast"(%863) : (index) -> i32
      %865 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim x>} : () -> index
      %866 = "stable_mosaic_gpu.arith.index_cast"(%865) : (index) -> i32
      %867 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim y>} : () -> index
      %868 = "stable_mosaic_gpu.arith.index_cast"(%867) : (index) -> i32
      %869 = "stable_mosaic_gpu.arith.muli"(%868, %866) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %870 = "stable_mosaic_gpu.arith.addi"(%864, %869) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %871 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim y>} : () -> index
      %872 = "stable_mosaic_gpu.arith.index_cast"(%871) : (index) -> i32
      %873 = "stable_mosaic_gpu.arith.muli"(%866, %872) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %874 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim z>} : () -> index
      %875 = "stable_mosaic_gpu.arith.index_cast"(%874) : (index) -> i32
      %876 = "stable_mosaic_gpu.arith.muli"(%875, %873) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %877 = "stable_mosaic_gpu.arith.addi"(%870, %876) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %878 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim z>} : () -> index
      %879 = "stable_mosaic_gpu.arith.index_cast"(%878) : (index) -> i32
      %880 = "stable_mosaic_gpu.arith.muli"(%873, %879) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %881 = "stable_mosaic_gpu.arith.constant"() {value = 7 : i32} : () -> i32
      %882 = "stable_mosaic_gpu.arith.shrui"(%877, %881) : (i32, i32) -> i32
      %883 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %884 = "stable_mosaic_gpu.arith.addi"(%882, %883) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %885 = "stable_mosaic_gpu.llvm.inline_asm"(%884) {asm_string = "bar.sync $0, 128;", constraints = "r", has_side_effects, tail_call_kind = #llvm.tailcallkind<none>} : (i32) -> !llvm.void
      %886 = "stable_mosaic_gpu.memref.collapse_shape"(%649) {reassociation = [[0, 1]]} : (memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> memref<4096xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      %887 = "stable_mosaic_gpu.memref.expand_shape"(%886) {reassociation = [[0, 1, 2, 3]], static_output_shape = array<i64: 1, 1, 64, 64>} : (memref<4096xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>) -> memref<1x1x64x64xf16, strided<[4096, 4096, 64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %888 = "stable_mosaic_gpu.arith.constant"() {value = 0.000000e+00 : f16} : () -> f16
      %889 = "stable_mosaic_gpu.vector.broadcast"(%888) : (f16) -> vector<2xf16>
      %890 = "stable_mosaic_gpu.arith.constant"() {value = 512 : i32} : () -> i32
      %891 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %892 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %893 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %894 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %895 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %896 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %897 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
      %898 = "stable_mosaic_gpu.arith.index_cast"(%897) : (index) -> i32
      %899 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim x>} : () -> index
      %900 = "stable_mosaic_gpu.arith.index_cast"(%899) : (index) -> i32
      %901 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim y>} : () -> index
      %902 = "stable_mosaic_gpu.arith.index_cast"(%901) : (index) -> i32
      %903 = "stable_mosaic_gpu.arith.muli"(%902, %900) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %904 = "stable_mosaic_gpu.arith.addi"(%898, %903) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %905 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim y>} : () -> index
      %906 = "stable_mosaic_gpu.arith.index_cast"(%905) : (index) -> i32
      %907 = "stable_mosaic_gpu.arith.muli"(%900, %906) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %908 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim z>} : () -> index
      %909 = "stable_mosaic_gpu.arith.index_cast"(%908) : (index) -> i32
      %910 = "stable_mosaic_gpu.arith.muli"(%909, %907) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %911 = "stable_mosaic_gpu.arith.addi"(%904, %910) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %912 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim z>} : () -> index
      %913 = "stable_mosaic_gpu.arith.index_cast"(%912) : (index) -> i32
      %914 = "stable_mosaic_gpu.arith.muli"(%907, %913) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %915 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %916 = "stable_mosaic_gpu.arith.remui"(%911, %915) : (i32, i32) -> i32
      %917 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %918 = "stable_mosaic_gpu.arith.divui"(%916, %917) : (i32, i32) -> i32
      %919 = "stable_mosaic_gpu.arith.constant"() {value = 8 : i32} : () -> i32
      %920 = "stable_mosaic_gpu.arith.remui"(%918, %919) : (i32, i32) -> i32
      %921 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %922 = "stable_mosaic_gpu.arith.divui"(%916, %921) : (i32, i32) -> i32
      %923 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %924 = "stable_mosaic_gpu.arith.remui"(%922, %923) : (i32, i32) -> i32
      %925 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %926 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %927 = "stable_mosaic_gpu.arith.divui"(%925, %926) : (i32, i32) -> i32
      %928 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %929 = "stable_mosaic_gpu.arith.divui"(%925, %928) : (i32, i32) -> i32
      %930 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %931 = "stable_mosaic_gpu.arith.divui"(%920, %930) : (i32, i32) -> i32
      %932 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %933 = "stable_mosaic_gpu.arith.divui"(%924, %932) : (i32, i32) -> i32
      %934 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %935 = "stable_mosaic_gpu.arith.divui"(%925, %934) : (i32, i32) -> i32
      %936 = "stable_mosaic_gpu.arith.muli"(%927, %890) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %937 = "stable_mosaic_gpu.arith.muli"(%925, %891) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %938 = "stable_mosaic_gpu.arith.addi"(%936, %937) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %939 = "stable_mosaic_gpu.arith.muli"(%929, %892) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %940 = "stable_mosaic_gpu.arith.addi"(%938, %939) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %941 = "stable_mosaic_gpu.arith.muli"(%925, %893) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %942 = "stable_mosaic_gpu.arith.addi"(%940, %941) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %943 = "stable_mosaic_gpu.arith.muli"(%931, %894) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %944 = "stable_mosaic_gpu.arith.addi"(%942, %943) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %945 = "stable_mosaic_gpu.arith.muli"(%933, %895) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %946 = "stable_mosaic_gpu.arith.addi"(%944, %945) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %947 = "stable_mosaic_gpu.arith.muli"(%935, %896) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %948 = "stable_mosaic_gpu.arith.addi"(%946, %947) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %949 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
      %950 = "stable_mosaic_gpu.arith.index_cast"(%949) : (index) -> i32
      %951 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim x>} : () -> index
      %952 = "stable_mosaic_gpu.arith.index_cast"(%951) : (index) -> i32
      %953 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim y>} : () -> index
      %954 = "stable_mosaic_gpu.arith.index_cast"(%953) : (index) -> i32
      %955 = "stable_mosaic_gpu.arith.muli"(%954, %952) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %956 = "stable_mosaic_gpu.arith.addi"(%950, %955) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %957 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim y>} : () -> index
      %958 = "stable_mosaic_gpu.arith.index_cast"(%957) : (index) -> i32
      %959 = "stable_mosaic_gpu.arith.muli"(%952, %958) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %960 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim z>} : () -> index
      %961 = "stable_mosaic_gpu.arith.index_cast"(%960) : (index) -> i32
      %962 = "stable_mosaic_gpu.arith.muli"(%961, %959) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %963 = "stable_mosaic_gpu.arith.addi"(%956, %962) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %964 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim z>} : () -> index
      %965 = "stable_mosaic_gpu.arith.index_cast"(%964) : (index) -> i32
      %966 = "stable_mosaic_gpu.arith.muli"(%959, %965) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %967 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %968 = "stable_mosaic_gpu.arith.divui"(%963, %967) : (i32, i32) -> i32
      %969 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %970 = "stable_mosaic_gpu.arith.remui"(%968, %969) : (i32, i32) -> i32
      %971 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %972 = "stable_mosaic_gpu.arith.divui"(%970, %971) : (i32, i32) -> i32
      %973 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %974 = "stable_mosaic_gpu.arith.remui"(%972, %973) : (i32, i32) -> i32
      %975 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %976 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %977 = "stable_mosaic_gpu.arith.divui"(%974, %976) : (i32, i32) -> i32
      %978 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %979 = "stable_mosaic_gpu.arith.divui"(%975, %978) : (i32, i32) -> i32
      %980 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %981 = "stable_mosaic_gpu.arith.divui"(%975, %980) : (i32, i32) -> i32
      %982 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %983 = "stable_mosaic_gpu.arith.divui"(%975, %982) : (i32, i32) -> i32
      %984 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %985 = "stable_mosaic_gpu.arith.divui"(%975, %984) : (i32, i32) -> i32
      %986 = "stable_mosaic_gpu.arith.muli"(%977, %890) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %987 = "stable_mosaic_gpu.arith.muli"(%975, %891) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %988 = "stable_mosaic_gpu.arith.addi"(%986, %987) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %989 = "stable_mosaic_gpu.arith.muli"(%979, %892) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %990 = "stable_mosaic_gpu.arith.addi"(%988, %989) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %991 = "stable_mosaic_gpu.arith.muli"(%975, %893) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %992 = "stable_mosaic_gpu.arith.addi"(%990, %991) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %993 = "stable_mosaic_gpu.arith.muli"(%981, %894) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %994 = "stable_mosaic_gpu.arith.addi"(%992, %993) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %995 = "stable_mosaic_gpu.arith.muli"(%983, %895) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %996 = "stable_mosaic_gpu.arith.addi"(%994, %995) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %997 = "stable_mosaic_gpu.arith.muli"(%985, %896) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %998 = "stable_mosaic_gpu.arith.addi"(%996, %997) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %999 = "stable_mosaic_gpu.arith.addi"(%948, %998) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1000 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%887) : (memref<1x1x64x64xf16, strided<[4096, 4096, 64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> !llvm.struct<(ptr<3>, ptr<3>, i64, array<4 x i64>, array<4 x i64>)>
      %1001 = "stable_mosaic_gpu.llvm.extractvalue"(%1000) {position = array<i64: 1>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<4 x i64>, array<4 x i64>)>) -> !llvm.ptr<3>
      %1002 = "stable_mosaic_gpu.llvm.extractvalue"(%1000) {position = array<i64: 2>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<4 x i64>, array<4 x i64>)>) -> i64
      %1003 = "stable_mosaic_gpu.arith.constant"() {value = 2 : i64} : () -> i64
      %1004 = "stable_mosaic_gpu.llvm.mul"(%1002, %1003) : (i64, i64) -> i64
      %1005 = "stable_mosaic_gpu.llvm.ptrtoint"(%1001) : (!llvm.ptr<3>) -> i64
      %1006 = "stable_mosaic_gpu.llvm.add"(%1005, %1004) : (i64, i64) -> i64
      %1007 = "stable_mosaic_gpu.llvm.inttoptr"(%1006) : (i64) -> !llvm.ptr<3>
      %1008 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1009 = "stable_mosaic_gpu.arith.addi"(%999, %1008) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1010 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1011 = "stable_mosaic_gpu.arith.divui"(%1009, %1010) : (i32, i32) -> i32
      %1012 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1013 = "stable_mosaic_gpu.arith.remui"(%1011, %1012) : (i32, i32) -> i32
      %1014 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1015 = "stable_mosaic_gpu.arith.muli"(%1013, %1014) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1016 = "stable_mosaic_gpu.arith.xori"(%1009, %1015) : (i32, i32) -> i32
      %1017 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1016) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1018 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1019 = "stable_mosaic_gpu.llvm.getelementptr"(%1017, %1018) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1020 = "stable_mosaic_gpu.llvm.load"(%1019) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1021 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1022 = "stable_mosaic_gpu.arith.addi"(%999, %1021) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1023 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1024 = "stable_mosaic_gpu.arith.divui"(%1022, %1023) : (i32, i32) -> i32
      %1025 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1026 = "stable_mosaic_gpu.arith.remui"(%1024, %1025) : (i32, i32) -> i32
      %1027 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1028 = "stable_mosaic_gpu.arith.muli"(%1026, %1027) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1029 = "stable_mosaic_gpu.arith.xori"(%1022, %1028) : (i32, i32) -> i32
      %1030 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1029) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1031 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1032 = "stable_mosaic_gpu.llvm.getelementptr"(%1030, %1031) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1033 = "stable_mosaic_gpu.llvm.load"(%1032) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1034 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1035 = "stable_mosaic_gpu.arith.addi"(%999, %1034) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1036 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1037 = "stable_mosaic_gpu.arith.divui"(%1035, %1036) : (i32, i32) -> i32
      %1038 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1039 = "stable_mosaic_gpu.arith.remui"(%1037, %1038) : (i32, i32) -> i32
      %1040 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1041 = "stable_mosaic_gpu.arith.muli"(%1039, %1040) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1042 = "stable_mosaic_gpu.arith.xori"(%1035, %1041) : (i32, i32) -> i32
      %1043 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1042) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1044 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1045 = "stable_mosaic_gpu.llvm.getelementptr"(%1043, %1044) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1046 = "stable_mosaic_gpu.llvm.load"(%1045) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1047 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1048 = "stable_mosaic_gpu.arith.addi"(%999, %1047) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1049 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1050 = "stable_mosaic_gpu.arith.divui"(%1048, %1049) : (i32, i32) -> i32
      %1051 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1052 = "stable_mosaic_gpu.arith.remui"(%1050, %1051) : (i32, i32) -> i32
      %1053 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1054 = "stable_mosaic_gpu.arith.muli"(%1052, %1053) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1055 = "stable_mosaic_gpu.arith.xori"(%1048, %1054) : (i32, i32) -> i32
      %1056 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1055) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1057 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1058 = "stable_mosaic_gpu.llvm.getelementptr"(%1056, %1057) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1059 = "stable_mosaic_gpu.llvm.load"(%1058) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1060 = "stable_mosaic_gpu.arith.constant"() {value = 8 : i32} : () -> i32
      %1061 = "stable_mosaic_gpu.arith.addi"(%999, %1060) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1062 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1063 = "stable_mosaic_gpu.arith.divui"(%1061, %1062) : (i32, i32) -> i32
      %1064 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1065 = "stable_mosaic_gpu.arith.remui"(%1063, %1064) : (i32, i32) -> i32
      %1066 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1067 = "stable_mosaic_gpu.arith.muli"(%1065, %1066) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1068 = "stable_mosaic_gpu.arith.xori"(%1061, %1067) : (i32, i32) -> i32
      %1069 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1068) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1070 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1071 = "stable_mosaic_gpu.llvm.getelementptr"(%1069, %1070) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1072 = "stable_mosaic_gpu.llvm.load"(%1071) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1073 = "stable_mosaic_gpu.arith.constant"() {value = 8 : i32} : () -> i32
      %1074 = "stable_mosaic_gpu.arith.addi"(%999, %1073) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1075 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1076 = "stable_mosaic_gpu.arith.divui"(%1074, %1075) : (i32, i32) -> i32
      %1077 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1078 = "stable_mosaic_gpu.arith.remui"(%1076, %1077) : (i32, i32) -> i32
      %1079 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1080 = "stable_mosaic_gpu.arith.muli"(%1078, %1079) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1081 = "stable_mosaic_gpu.arith.xori"(%1074, %1080) : (i32, i32) -> i32
      %1082 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1081) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1083 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1084 = "stable_mosaic_gpu.llvm.getelementptr"(%1082, %1083) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1085 = "stable_mosaic_gpu.llvm.load"(%1084) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1086 = "stable_mosaic_gpu.arith.constant"() {value = 12 : i32} : () -> i32
      %1087 = "stable_mosaic_gpu.arith.addi"(%999, %1086) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1088 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1089 = "stable_mosaic_gpu.arith.divui"(%1087, %1088) : (i32, i32) -> i32
      %1090 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1091 = "stable_mosaic_gpu.arith.remui"(%1089, %1090) : (i32, i32) -> i32
      %1092 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1093 = "stable_mosaic_gpu.arith.muli"(%1091, %1092) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1094 = "stable_mosaic_gpu.arith.xori"(%1087, %1093) : (i32, i32) -> i32
      %1095 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1094) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1096 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1097 = "stable_mosaic_gpu.llvm.getelementptr"(%1095, %1096) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1098 = "stable_mosaic_gpu.llvm.load"(%1097) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1099 = "stable_mosaic_gpu.arith.constant"() {value = 12 : i32} : () -> i32
      %1100 = "stable_mosaic_gpu.arith.addi"(%999, %1099) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1101 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1102 = "stable_mosaic_gpu.arith.divui"(%1100, %1101) : (i32, i32) -> i32
      %1103 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1104 = "stable_mosaic_gpu.arith.remui"(%1102, %1103) : (i32, i32) -> i32
      %1105 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1106 = "stable_mosaic_gpu.arith.muli"(%1104, %1105) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1107 = "stable_mosaic_gpu.arith.xori"(%1100, %1106) : (i32, i32) -> i32
      %1108 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1107) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1109 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1110 = "stable_mosaic_gpu.llvm.getelementptr"(%1108, %1109) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1111 = "stable_mosaic_gpu.llvm.load"(%1110) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1112 = "stable_mosaic_gpu.arith.constant"() {value = 16 : i32} : () -> i32
      %1113 = "stable_mosaic_gpu.arith.addi"(%999, %1112) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1114 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1115 = "stable_mosaic_gpu.arith.divui"(%1113, %1114) : (i32, i32) -> i32
      %1116 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1117 = "stable_mosaic_gpu.arith.remui"(%1115, %1116) : (i32, i32) -> i32
      %1118 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1119 = "stable_mosaic_gpu.arith.muli"(%1117, %1118) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1120 = "stable_mosaic_gpu.arith.xori"(%1113, %1119) : (i32, i32) -> i32
      %1121 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1120) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1122 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1123 = "stable_mosaic_gpu.llvm.getelementptr"(%1121, %1122) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1124 = "stable_mosaic_gpu.llvm.load"(%1123) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1125 = "stable_mosaic_gpu.arith.constant"() {value = 16 : i32} : () -> i32
      %1126 = "stable_mosaic_gpu.arith.addi"(%999, %1125) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1127 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1128 = "stable_mosaic_gpu.arith.divui"(%1126, %1127) : (i32, i32) -> i32
      %1129 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1130 = "stable_mosaic_gpu.arith.remui"(%1128, %1129) : (i32, i32) -> i32
      %1131 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1132 = "stable_mosaic_gpu.arith.muli"(%1130, %1131) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1133 = "stable_mosaic_gpu.arith.xori"(%1126, %1132) : (i32, i32) -> i32
      %1134 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1133) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1135 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1136 = "stable_mosaic_gpu.llvm.getelementptr"(%1134, %1135) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1137 = "stable_mosaic_gpu.llvm.load"(%1136) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1138 = "stable_mosaic_gpu.arith.constant"() {value = 20 : i32} : () -> i32
      %1139 = "stable_mosaic_gpu.arith.addi"(%999, %1138) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1140 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1141 = "stable_mosaic_gpu.arith.divui"(%1139, %1140) : (i32, i32) -> i32
      %1142 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1143 = "stable_mosaic_gpu.arith.remui"(%1141, %1142) : (i32, i32) -> i32
      %1144 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1145 = "stable_mosaic_gpu.arith.muli"(%1143, %1144) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1146 = "stable_mosaic_gpu.arith.xori"(%1139, %1145) : (i32, i32) -> i32
      %1147 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1146) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1148 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1149 = "stable_mosaic_gpu.llvm.getelementptr"(%1147, %1148) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1150 = "stable_mosaic_gpu.llvm.load"(%1149) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1151 = "stable_mosaic_gpu.arith.constant"() {value = 20 : i32} : () -> i32
      %1152 = "stable_mosaic_gpu.arith.addi"(%999, %1151) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1153 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1154 = "stable_mosaic_gpu.arith.divui"(%1152, %1153) : (i32, i32) -> i32
      %1155 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1156 = "stable_mosaic_gpu.arith.remui"(%1154, %1155) : (i32, i32) -> i32
      %1157 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1158 = "stable_mosaic_gpu.arith.muli"(%1156, %1157) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1159 = "stable_mosaic_gpu.arith.xori"(%1152, %1158) : (i32, i32) -> i32
      %1160 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1159) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1161 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1162 = "stable_mosaic_gpu.llvm.getelementptr"(%1160, %1161) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1163 = "stable_mosaic_gpu.llvm.load"(%1162) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1164 = "stable_mosaic_gpu.arith.constant"() {value = 24 : i32} : () -> i32
      %1165 = "stable_mosaic_gpu.arith.addi"(%999, %1164) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1166 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1167 = "stable_mosaic_gpu.arith.divui"(%1165, %1166) : (i32, i32) -> i32
      %1168 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1169 = "stable_mosaic_gpu.arith.remui"(%1167, %1168) : (i32, i32) -> i32
      %1170 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1171 = "stable_mosaic_gpu.arith.muli"(%1169, %1170) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1172 = "stable_mosaic_gpu.arith.xori"(%1165, %1171) : (i32, i32) -> i32
      %1173 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1172) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1174 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1175 = "stable_mosaic_gpu.llvm.getelementptr"(%1173, %1174) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1176 = "stable_mosaic_gpu.llvm.load"(%1175) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1177 = "stable_mosaic_gpu.arith.constant"() {value = 24 : i32} : () -> i32
      %1178 = "stable_mosaic_gpu.arith.addi"(%999, %1177) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1179 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1180 = "stable_mosaic_gpu.arith.divui"(%1178, %1179) : (i32, i32) -> i32
      %1181 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1182 = "stable_mosaic_gpu.arith.remui"(%1180, %1181) : (i32, i32) -> i32
      %1183 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1184 = "stable_mosaic_gpu.arith.muli"(%1182, %1183) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1185 = "stable_mosaic_gpu.arith.xori"(%1178, %1184) : (i32, i32) -> i32
      %1186 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1185) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1187 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1188 = "stable_mosaic_gpu.llvm.getelementptr"(%1186, %1187) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1189 = "stable_mosaic_gpu.llvm.load"(%1188) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1190 = "stable_mosaic_gpu.arith.constant"() {value = 28 : i32} : () -> i32
      %1191 = "stable_mosaic_gpu.arith.addi"(%999, %1190) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1192 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1193 = "stable_mosaic_gpu.arith.divui"(%1191, %1192) : (i32, i32) -> i32
      %1194 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1195 = "stable_mosaic_gpu.arith.remui"(%1193, %1194) : (i32, i32) -> i32
      %1196 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1197 = "stable_mosaic_gpu.arith.muli"(%1195, %1196) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1198 = "stable_mosaic_gpu.arith.xori"(%1191, %1197) : (i32, i32) -> i32
      %1199 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1198) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1200 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1201 = "stable_mosaic_gpu.llvm.getelementptr"(%1199, %1200) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1202 = "stable_mosaic_gpu.llvm.load"(%1201) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1203 = "stable_mosaic_gpu.arith.constant"() {value = 28 : i32} : () -> i32
      %1204 = "stable_mosaic_gpu.arith.addi"(%999, %1203) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1205 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1206 = "stable_mosaic_gpu.arith.divui"(%1204, %1205) : (i32, i32) -> i32
      %1207 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1208 = "stable_mosaic_gpu.arith.remui"(%1206, %1207) : (i32, i32) -> i32
      %1209 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1210 = "stable_mosaic_gpu.arith.muli"(%1208, %1209) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1211 = "stable_mosaic_gpu.arith.xori"(%1204, %1210) : (i32, i32) -> i32
      %1212 = "stable_mosaic_gpu.llvm.getelementptr"(%1007, %1211) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1213 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1214 = "stable_mosaic_gpu.llvm.getelementptr"(%1212, %1213) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1215 = "stable_mosaic_gpu.llvm.load"(%1214) {ordering = 0 : i64} : (!llvm.ptr<3>) -> vector<2xf16>
      %1216 = "stable_mosaic_gpu.memref.collapse_shape"(%649) {reassociation = [[0, 1]]} : (memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> memref<4096xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      %1217 = "stable_mosaic_gpu.memref.expand_shape"(%1216) {reassociation = [[0, 1, 2, 3]], static_output_shape = array<i64: 1, 1, 64, 64>} : (memref<4096xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>) -> memref<1x1x64x64xf16, strided<[4096, 4096, 64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %1218 = "stable_mosaic_gpu.arith.constant"() {value = 512 : i32} : () -> i32
      %1219 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1220 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1221 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1222 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1223 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1224 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1225 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
      %1226 = "stable_mosaic_gpu.arith.index_cast"(%1225) : (index) -> i32
      %1227 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim x>} : () -> index
      %1228 = "stable_mosaic_gpu.arith.index_cast"(%1227) : (index) -> i32
      %1229 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim y>} : () -> index
      %1230 = "stable_mosaic_gpu.arith.index_cast"(%1229) : (index) -> i32
      %1231 = "stable_mosaic_gpu.arith.muli"(%1230, %1228) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1232 = "stable_mosaic_gpu.arith.addi"(%1226, %1231) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1233 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim y>} : () -> index
      %1234 = "stable_mosaic_gpu.arith.index_cast"(%1233) : (index) -> i32
      %1235 = "stable_mosaic_gpu.arith.muli"(%1228, %1234) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1236 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim z>} : () -> index
      %1237 = "stable_mosaic_gpu.arith.index_cast"(%1236) : (index) -> i32
      %1238 = "stable_mosaic_gpu.arith.muli"(%1237, %1235) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1239 = "stable_mosaic_gpu.arith.addi"(%1232, %1238) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1240 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim z>} : () -> index
      %1241 = "stable_mosaic_gpu.arith.index_cast"(%1240) : (index) -> i32
      %1242 = "stable_mosaic_gpu.arith.muli"(%1235, %1241) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1243 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1244 = "stable_mosaic_gpu.arith.remui"(%1239, %1243) : (i32, i32) -> i32
      %1245 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1246 = "stable_mosaic_gpu.arith.divui"(%1244, %1245) : (i32, i32) -> i32
      %1247 = "stable_mosaic_gpu.arith.constant"() {value = 8 : i32} : () -> i32
      %1248 = "stable_mosaic_gpu.arith.remui"(%1246, %1247) : (i32, i32) -> i32
      %1249 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1250 = "stable_mosaic_gpu.arith.divui"(%1244, %1249) : (i32, i32) -> i32
      %1251 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1252 = "stable_mosaic_gpu.arith.remui"(%1250, %1251) : (i32, i32) -> i32
      %1253 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1254 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1255 = "stable_mosaic_gpu.arith.divui"(%1253, %1254) : (i32, i32) -> i32
      %1256 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1257 = "stable_mosaic_gpu.arith.divui"(%1253, %1256) : (i32, i32) -> i32
      %1258 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1259 = "stable_mosaic_gpu.arith.divui"(%1248, %1258) : (i32, i32) -> i32
      %1260 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1261 = "stable_mosaic_gpu.arith.divui"(%1252, %1260) : (i32, i32) -> i32
      %1262 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1263 = "stable_mosaic_gpu.arith.divui"(%1253, %1262) : (i32, i32) -> i32
      %1264 = "stable_mosaic_gpu.arith.muli"(%1255, %1218) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1265 = "stable_mosaic_gpu.arith.muli"(%1253, %1219) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1266 = "stable_mosaic_gpu.arith.addi"(%1264, %1265) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1267 = "stable_mosaic_gpu.arith.muli"(%1257, %1220) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1268 = "stable_mosaic_gpu.arith.addi"(%1266, %1267) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1269 = "stable_mosaic_gpu.arith.muli"(%1253, %1221) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1270 = "stable_mosaic_gpu.arith.addi"(%1268, %1269) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1271 = "stable_mosaic_gpu.arith.muli"(%1259, %1222) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1272 = "stable_mosaic_gpu.arith.addi"(%1270, %1271) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1273 = "stable_mosaic_gpu.arith.muli"(%1261, %1223) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1274 = "stable_mosaic_gpu.arith.addi"(%1272, %1273) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1275 = "stable_mosaic_gpu.arith.muli"(%1263, %1224) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1276 = "stable_mosaic_gpu.arith.addi"(%1274, %1275) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1277 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
      %1278 = "stable_mosaic_gpu.arith.index_cast"(%1277) : (index) -> i32
      %1279 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim x>} : () -> index
      %1280 = "stable_mosaic_gpu.arith.index_cast"(%1279) : (index) -> i32
      %1281 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim y>} : () -> index
      %1282 = "stable_mosaic_gpu.arith.index_cast"(%1281) : (index) -> i32
      %1283 = "stable_mosaic_gpu.arith.muli"(%1282, %1280) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1284 = "stable_mosaic_gpu.arith.addi"(%1278, %1283) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1285 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim y>} : () -> index
      %1286 = "stable_mosaic_gpu.arith.index_cast"(%1285) : (index) -> i32
      %1287 = "stable_mosaic_gpu.arith.muli"(%1280, %1286) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1288 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim z>} : () -> index
      %1289 = "stable_mosaic_gpu.arith.index_cast"(%1288) : (index) -> i32
      %1290 = "stable_mosaic_gpu.arith.muli"(%1289, %1287) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1291 = "stable_mosaic_gpu.arith.addi"(%1284, %1290) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1292 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim z>} : () -> index
      %1293 = "stable_mosaic_gpu.arith.index_cast"(%1292) : (index) -> i32
      %1294 = "stable_mosaic_gpu.arith.muli"(%1287, %1293) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1295 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1296 = "stable_mosaic_gpu.arith.divui"(%1291, %1295) : (i32, i32) -> i32
      %1297 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1298 = "stable_mosaic_gpu.arith.remui"(%1296, %1297) : (i32, i32) -> i32
      %1299 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1300 = "stable_mosaic_gpu.arith.divui"(%1298, %1299) : (i32, i32) -> i32
      %1301 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1302 = "stable_mosaic_gpu.arith.remui"(%1300, %1301) : (i32, i32) -> i32
      %1303 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1304 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1305 = "stable_mosaic_gpu.arith.divui"(%1302, %1304) : (i32, i32) -> i32
      %1306 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1307 = "stable_mosaic_gpu.arith.divui"(%1303, %1306) : (i32, i32) -> i32
      %1308 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1309 = "stable_mosaic_gpu.arith.divui"(%1303, %1308) : (i32, i32) -> i32
      %1310 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1311 = "stable_mosaic_gpu.arith.divui"(%1303, %1310) : (i32, i32) -> i32
      %1312 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1313 = "stable_mosaic_gpu.arith.divui"(%1303, %1312) : (i32, i32) -> i32
      %1314 = "stable_mosaic_gpu.arith.muli"(%1305, %1218) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1315 = "stable_mosaic_gpu.arith.muli"(%1303, %1219) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1316 = "stable_mosaic_gpu.arith.addi"(%1314, %1315) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1317 = "stable_mosaic_gpu.arith.muli"(%1307, %1220) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1318 = "stable_mosaic_gpu.arith.addi"(%1316, %1317) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1319 = "stable_mosaic_gpu.arith.muli"(%1303, %1221) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1320 = "stable_mosaic_gpu.arith.addi"(%1318, %1319) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1321 = "stable_mosaic_gpu.arith.muli"(%1309, %1222) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1322 = "stable_mosaic_gpu.arith.addi"(%1320, %1321) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1323 = "stable_mosaic_gpu.arith.muli"(%1311, %1223) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1324 = "stable_mosaic_gpu.arith.addi"(%1322, %1323) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1325 = "stable_mosaic_gpu.arith.muli"(%1313, %1224) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1326 = "stable_mosaic_gpu.arith.addi"(%1324, %1325) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1327 = "stable_mosaic_gpu.arith.addi"(%1276, %1326) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1328 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%1217) : (memref<1x1x64x64xf16, strided<[4096, 4096, 64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> !llvm.struct<(ptr<3>, ptr<3>, i64, array<4 x i64>, array<4 x i64>)>
      %1329 = "stable_mosaic_gpu.llvm.extractvalue"(%1328) {position = array<i64: 1>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<4 x i64>, array<4 x i64>)>) -> !llvm.ptr<3>
      %1330 = "stable_mosaic_gpu.llvm.extractvalue"(%1328) {position = array<i64: 2>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<4 x i64>, array<4 x i64>)>) -> i64
      %1331 = "stable_mosaic_gpu.arith.constant"() {value = 2 : i64} : () -> i64
      %1332 = "stable_mosaic_gpu.llvm.mul"(%1330, %1331) : (i64, i64) -> i64
      %1333 = "stable_mosaic_gpu.llvm.ptrtoint"(%1329) : (!llvm.ptr<3>) -> i64
      %1334 = "stable_mosaic_gpu.llvm.add"(%1333, %1332) : (i64, i64) -> i64
      %1335 = "stable_mosaic_gpu.llvm.inttoptr"(%1334) : (i64) -> !llvm.ptr<3>
      %1336 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1337 = "stable_mosaic_gpu.arith.addi"(%1327, %1336) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1338 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1339 = "stable_mosaic_gpu.arith.divui"(%1337, %1338) : (i32, i32) -> i32
      %1340 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1341 = "stable_mosaic_gpu.arith.remui"(%1339, %1340) : (i32, i32) -> i32
      %1342 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1343 = "stable_mosaic_gpu.arith.muli"(%1341, %1342) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1344 = "stable_mosaic_gpu.arith.xori"(%1337, %1343) : (i32, i32) -> i32
      %1345 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1344) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1346 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1347 = "stable_mosaic_gpu.llvm.getelementptr"(%1345, %1346) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%847, %1347) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1348 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1349 = "stable_mosaic_gpu.arith.addi"(%1327, %1348) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1350 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1351 = "stable_mosaic_gpu.arith.divui"(%1349, %1350) : (i32, i32) -> i32
      %1352 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1353 = "stable_mosaic_gpu.arith.remui"(%1351, %1352) : (i32, i32) -> i32
      %1354 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1355 = "stable_mosaic_gpu.arith.muli"(%1353, %1354) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1356 = "stable_mosaic_gpu.arith.xori"(%1349, %1355) : (i32, i32) -> i32
      %1357 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1356) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1358 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1359 = "stable_mosaic_gpu.llvm.getelementptr"(%1357, %1358) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%848, %1359) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1360 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1361 = "stable_mosaic_gpu.arith.addi"(%1327, %1360) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1362 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1363 = "stable_mosaic_gpu.arith.divui"(%1361, %1362) : (i32, i32) -> i32
      %1364 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1365 = "stable_mosaic_gpu.arith.remui"(%1363, %1364) : (i32, i32) -> i32
      %1366 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1367 = "stable_mosaic_gpu.arith.muli"(%1365, %1366) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1368 = "stable_mosaic_gpu.arith.xori"(%1361, %1367) : (i32, i32) -> i32
      %1369 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1368) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1370 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1371 = "stable_mosaic_gpu.llvm.getelementptr"(%1369, %1370) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%849, %1371) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1372 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1373 = "stable_mosaic_gpu.arith.addi"(%1327, %1372) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1374 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1375 = "stable_mosaic_gpu.arith.divui"(%1373, %1374) : (i32, i32) -> i32
      %1376 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1377 = "stable_mosaic_gpu.arith.remui"(%1375, %1376) : (i32, i32) -> i32
      %1378 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1379 = "stable_mosaic_gpu.arith.muli"(%1377, %1378) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1380 = "stable_mosaic_gpu.arith.xori"(%1373, %1379) : (i32, i32) -> i32
      %1381 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1380) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1382 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1383 = "stable_mosaic_gpu.llvm.getelementptr"(%1381, %1382) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%850, %1383) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1384 = "stable_mosaic_gpu.arith.constant"() {value = 8 : i32} : () -> i32
      %1385 = "stable_mosaic_gpu.arith.addi"(%1327, %1384) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1386 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1387 = "stable_mosaic_gpu.arith.divui"(%1385, %1386) : (i32, i32) -> i32
      %1388 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1389 = "stable_mosaic_gpu.arith.remui"(%1387, %1388) : (i32, i32) -> i32
      %1390 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1391 = "stable_mosaic_gpu.arith.muli"(%1389, %1390) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1392 = "stable_mosaic_gpu.arith.xori"(%1385, %1391) : (i32, i32) -> i32
      %1393 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1392) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1394 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1395 = "stable_mosaic_gpu.llvm.getelementptr"(%1393, %1394) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%851, %1395) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1396 = "stable_mosaic_gpu.arith.constant"() {value = 8 : i32} : () -> i32
      %1397 = "stable_mosaic_gpu.arith.addi"(%1327, %1396) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1398 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1399 = "stable_mosaic_gpu.arith.divui"(%1397, %1398) : (i32, i32) -> i32
      %1400 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1401 = "stable_mosaic_gpu.arith.remui"(%1399, %1400) : (i32, i32) -> i32
      %1402 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1403 = "stable_mosaic_gpu.arith.muli"(%1401, %1402) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1404 = "stable_mosaic_gpu.arith.xori"(%1397, %1403) : (i32, i32) -> i32
      %1405 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1404) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1406 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1407 = "stable_mosaic_gpu.llvm.getelementptr"(%1405, %1406) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%852, %1407) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1408 = "stable_mosaic_gpu.arith.constant"() {value = 12 : i32} : () -> i32
      %1409 = "stable_mosaic_gpu.arith.addi"(%1327, %1408) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1410 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1411 = "stable_mosaic_gpu.arith.divui"(%1409, %1410) : (i32, i32) -> i32
      %1412 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1413 = "stable_mosaic_gpu.arith.remui"(%1411, %1412) : (i32, i32) -> i32
      %1414 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1415 = "stable_mosaic_gpu.arith.muli"(%1413, %1414) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1416 = "stable_mosaic_gpu.arith.xori"(%1409, %1415) : (i32, i32) -> i32
      %1417 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1416) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1418 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1419 = "stable_mosaic_gpu.llvm.getelementptr"(%1417, %1418) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%853, %1419) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1420 = "stable_mosaic_gpu.arith.constant"() {value = 12 : i32} : () -> i32
      %1421 = "stable_mosaic_gpu.arith.addi"(%1327, %1420) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1422 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1423 = "stable_mosaic_gpu.arith.divui"(%1421, %1422) : (i32, i32) -> i32
      %1424 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1425 = "stable_mosaic_gpu.arith.remui"(%1423, %1424) : (i32, i32) -> i32
      %1426 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1427 = "stable_mosaic_gpu.arith.muli"(%1425, %1426) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1428 = "stable_mosaic_gpu.arith.xori"(%1421, %1427) : (i32, i32) -> i32
      %1429 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1428) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1430 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1431 = "stable_mosaic_gpu.llvm.getelementptr"(%1429, %1430) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%854, %1431) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1432 = "stable_mosaic_gpu.arith.constant"() {value = 16 : i32} : () -> i32
      %1433 = "stable_mosaic_gpu.arith.addi"(%1327, %1432) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1434 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1435 = "stable_mosaic_gpu.arith.divui"(%1433, %1434) : (i32, i32) -> i32
      %1436 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1437 = "stable_mosaic_gpu.arith.remui"(%1435, %1436) : (i32, i32) -> i32
      %1438 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1439 = "stable_mosaic_gpu.arith.muli"(%1437, %1438) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1440 = "stable_mosaic_gpu.arith.xori"(%1433, %1439) : (i32, i32) -> i32
      %1441 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1440) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1442 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1443 = "stable_mosaic_gpu.llvm.getelementptr"(%1441, %1442) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%855, %1443) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1444 = "stable_mosaic_gpu.arith.constant"() {value = 16 : i32} : () -> i32
      %1445 = "stable_mosaic_gpu.arith.addi"(%1327, %1444) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1446 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1447 = "stable_mosaic_gpu.arith.divui"(%1445, %1446) : (i32, i32) -> i32
      %1448 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1449 = "stable_mosaic_gpu.arith.remui"(%1447, %1448) : (i32, i32) -> i32
      %1450 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1451 = "stable_mosaic_gpu.arith.muli"(%1449, %1450) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1452 = "stable_mosaic_gpu.arith.xori"(%1445, %1451) : (i32, i32) -> i32
      %1453 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1452) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1454 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1455 = "stable_mosaic_gpu.llvm.getelementptr"(%1453, %1454) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%856, %1455) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1456 = "stable_mosaic_gpu.arith.constant"() {value = 20 : i32} : () -> i32
      %1457 = "stable_mosaic_gpu.arith.addi"(%1327, %1456) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1458 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1459 = "stable_mosaic_gpu.arith.divui"(%1457, %1458) : (i32, i32) -> i32
      %1460 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1461 = "stable_mosaic_gpu.arith.remui"(%1459, %1460) : (i32, i32) -> i32
      %1462 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1463 = "stable_mosaic_gpu.arith.muli"(%1461, %1462) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1464 = "stable_mosaic_gpu.arith.xori"(%1457, %1463) : (i32, i32) -> i32
      %1465 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1464) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1466 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1467 = "stable_mosaic_gpu.llvm.getelementptr"(%1465, %1466) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%857, %1467) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1468 = "stable_mosaic_gpu.arith.constant"() {value = 20 : i32} : () -> i32
      %1469 = "stable_mosaic_gpu.arith.addi"(%1327, %1468) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1470 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1471 = "stable_mosaic_gpu.arith.divui"(%1469, %1470) : (i32, i32) -> i32
      %1472 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1473 = "stable_mosaic_gpu.arith.remui"(%1471, %1472) : (i32, i32) -> i32
      %1474 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1475 = "stable_mosaic_gpu.arith.muli"(%1473, %1474) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1476 = "stable_mosaic_gpu.arith.xori"(%1469, %1475) : (i32, i32) -> i32
      %1477 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1476) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1478 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1479 = "stable_mosaic_gpu.llvm.getelementptr"(%1477, %1478) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%858, %1479) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1480 = "stable_mosaic_gpu.arith.constant"() {value = 24 : i32} : () -> i32
      %1481 = "stable_mosaic_gpu.arith.addi"(%1327, %1480) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1482 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1483 = "stable_mosaic_gpu.arith.divui"(%1481, %1482) : (i32, i32) -> i32
      %1484 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1485 = "stable_mosaic_gpu.arith.remui"(%1483, %1484) : (i32, i32) -> i32
      %1486 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1487 = "stable_mosaic_gpu.arith.muli"(%1485, %1486) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1488 = "stable_mosaic_gpu.arith.xori"(%1481, %1487) : (i32, i32) -> i32
      %1489 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1488) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1490 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1491 = "stable_mosaic_gpu.llvm.getelementptr"(%1489, %1490) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%859, %1491) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1492 = "stable_mosaic_gpu.arith.constant"() {value = 24 : i32} : () -> i32
      %1493 = "stable_mosaic_gpu.arith.addi"(%1327, %1492) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1494 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1495 = "stable_mosaic_gpu.arith.divui"(%1493, %1494) : (i32, i32) -> i32
      %1496 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1497 = "stable_mosaic_gpu.arith.remui"(%1495, %1496) : (i32, i32) -> i32
      %1498 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1499 = "stable_mosaic_gpu.arith.muli"(%1497, %1498) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1500 = "stable_mosaic_gpu.arith.xori"(%1493, %1499) : (i32, i32) -> i32
      %1501 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1500) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1502 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1503 = "stable_mosaic_gpu.llvm.getelementptr"(%1501, %1502) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%860, %1503) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1504 = "stable_mosaic_gpu.arith.constant"() {value = 28 : i32} : () -> i32
      %1505 = "stable_mosaic_gpu.arith.addi"(%1327, %1504) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1506 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1507 = "stable_mosaic_gpu.arith.divui"(%1505, %1506) : (i32, i32) -> i32
      %1508 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1509 = "stable_mosaic_gpu.arith.remui"(%1507, %1508) : (i32, i32) -> i32
      %1510 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1511 = "stable_mosaic_gpu.arith.muli"(%1509, %1510) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1512 = "stable_mosaic_gpu.arith.xori"(%1505, %1511) : (i32, i32) -> i32
      %1513 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1512) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1514 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1515 = "stable_mosaic_gpu.llvm.getelementptr"(%1513, %1514) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%861, %1515) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1516 = "stable_mosaic_gpu.arith.constant"() {value = 28 : i32} : () -> i32
      %1517 = "stable_mosaic_gpu.arith.addi"(%1327, %1516) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1518 = "stable_mosaic_gpu.arith.constant"() {value = 32 : i32} : () -> i32
      %1519 = "stable_mosaic_gpu.arith.divui"(%1517, %1518) : (i32, i32) -> i32
      %1520 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1521 = "stable_mosaic_gpu.arith.remui"(%1519, %1520) : (i32, i32) -> i32
      %1522 = "stable_mosaic_gpu.arith.constant"() {value = 4 : i32} : () -> i32
      %1523 = "stable_mosaic_gpu.arith.muli"(%1521, %1522) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1524 = "stable_mosaic_gpu.arith.xori"(%1517, %1523) : (i32, i32) -> i32
      %1525 = "stable_mosaic_gpu.llvm.getelementptr"(%1335, %1524) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      %1526 = "stable_mosaic_gpu.arith.constant"() {value = 256 : i32} : () -> i32
      %1527 = "stable_mosaic_gpu.llvm.getelementptr"(%1525, %1526) {elem_type = vector<2xf16>, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
      "stable_mosaic_gpu.llvm.store"(%862, %1527) {ordering = 0 : i64} : (vector<2xf16>, !llvm.ptr<3>) -> ()
      %1528 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
      %1529 = "stable_mosaic_gpu.arith.index_cast"(%1528) : (index) -> i32
      %1530 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim x>} : () -> index
      %1531 = "stable_mosaic_gpu.arith.index_cast"(%1530) : (index) -> i32
      %1532 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim y>} : () -> index
      %1533 = "stable_mosaic_gpu.arith.index_cast"(%1532) : (index) -> i32
      %1534 = "stable_mosaic_gpu.arith.muli"(%1533, %1531) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1535 = "stable_mosaic_gpu.arith.addi"(%1529, %1534) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1536 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim y>} : () -> index
      %1537 = "stable_mosaic_gpu.arith.index_cast"(%1536) : (index) -> i32
      %1538 = "stable_mosaic_gpu.arith.muli"(%1531, %1537) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1539 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim z>} : () -> index
      %1540 = "stable_mosaic_gpu.arith.index_cast"(%1539) : (index) -> i32
      %1541 = "stable_mosaic_gpu.arith.muli"(%1540, %1538) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1542 = "stable_mosaic_gpu.arith.addi"(%1535, %1541) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1543 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim z>} : () -> index
      %1544 = "stable_mosaic_gpu.arith.index_cast"(%1543) : (index) -> i32
      %1545 = "stable_mosaic_gpu.arith.muli"(%1538, %1544) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1546 = "stable_mosaic_gpu.arith.constant"() {value = 7 : i32} : () -> i32
      %1547 = "stable_mosaic_gpu.arith.shrui"(%1542, %1546) : (i32, i32) -> i32
      %1548 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1549 = "stable_mosaic_gpu.arith.addi"(%1547, %1548) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1550 = "stable_mosaic_gpu.llvm.inline_asm"(%1549) {asm_string = "bar.sync $0, 128;", constraints = "r", has_side_effects, tail_call_kind = #llvm.tailcallkind<none>} : (i32) -> !llvm.void
      %1551 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1552 = "stable_mosaic_gpu.arith.addi"(%619, %1551) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1553 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1554 = "stable_mosaic_gpu.arith.remsi"(%1552, %1553) : (i32, i32) -> i32
      %1555 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1556 = "stable_mosaic_gpu.arith.cmpi"(%619, %1555) {predicate = 5 : i64} : (i32, i32) -> i1
      %1557 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1558 = "stable_mosaic_gpu.arith.cmpi"(%1552, %1557) {predicate = 2 : i64} : (i32, i32) -> i1
      %1559 = "stable_mosaic_gpu.arith.andi"(%1556, %1558) : (i1, i1) -> i1
      %1560 = "stable_mosaic_gpu.arith.extui"(%1559) : (i1) -> i32
      %1561 = "stable_mosaic_gpu.arith.index_cast"(%1560) : (i32) -> index
      "stable_mosaic_gpu.scf.index_switch"(%1561) ({
        %1648 = "stable_mosaic_gpu.arith.index_cast"(%1554) : (i32) -> index
        %1649 = "stable_mosaic_gpu.memref.subview"(%477, %1648) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0, 0, 0, 0>, static_sizes = array<i64: 1, 8, 1, 8, 64>, static_strides = array<i64: 1, 1, 1, 1, 1>} : (memref<1x8x1x8x64xf16, #gpu.address_space<workgroup>>, index) -> memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>
        %1650 = "stable_mosaic_gpu.arith.index_cast"(%1554) : (i32) -> index
        %1651 = "stable_mosaic_gpu.arith.constant"() {value = 1 : index} : () -> index
        %1652 = "stable_mosaic_gpu.arith.muli"(%1650, %1651) {overflowFlags = #arith.overflow<none>} : (index, index) -> index
        %1653 = "stable_mosaic_gpu.arith.index_castui"(%1652) : (index) -> i32
        %1654 = "stable_mosaic_gpu.arith.addi"(%184, %1653) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1655 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
        %1656 = "stable_mosaic_gpu.arith.index_cast"(%1655) : (index) -> i32
        %1657 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim x>} : () -> index
        %1658 = "stable_mosaic_gpu.arith.index_cast"(%1657) : (index) -> i32
        %1659 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim y>} : () -> index
        %1660 = "stable_mosaic_gpu.arith.index_cast"(%1659) : (index) -> i32
        %1661 = "stable_mosaic_gpu.arith.muli"(%1660, %1658) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1662 = "stable_mosaic_gpu.arith.addi"(%1656, %1661) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1663 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim y>} : () -> index
        %1664 = "stable_mosaic_gpu.arith.index_cast"(%1663) : (index) -> i32
        %1665 = "stable_mosaic_gpu.arith.muli"(%1658, %1664) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1666 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim z>} : () -> index
        %1667 = "stable_mosaic_gpu.arith.index_cast"(%1666) : (index) -> i32
        %1668 = "stable_mosaic_gpu.arith.muli"(%1667, %1665) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1669 = "stable_mosaic_gpu.arith.addi"(%1662, %1668) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1670 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim z>} : () -> index
        %1671 = "stable_mosaic_gpu.arith.index_cast"(%1670) : (index) -> i32
        %1672 = "stable_mosaic_gpu.arith.muli"(%1665, %1671) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1673 = "stable_mosaic_gpu.arith.constant"() {value = 7 : i32} : () -> i32
        %1674 = "stable_mosaic_gpu.arith.shrui"(%1669, %1673) : (i32, i32) -> i32
        %1675 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
        %1676 = "stable_mosaic_gpu.arith.addi"(%1674, %1675) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1677 = "stable_mosaic_gpu.llvm.inline_asm"(%1676) {asm_string = "bar.sync $0, 128;", constraints = "r", has_side_effects, tail_call_kind = #llvm.tailcallkind<none>} : (i32) -> !llvm.void
        %1678 = "stable_mosaic_gpu.arith.constant"() {value = 64 : i32} : () -> i32
        %1679 = "stable_mosaic_gpu.llvm.getelementptr"(%151, %1654) {elem_type = i64, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
        %1680 = "stable_mosaic_gpu.nvvm.mbarrier.arrive.expect_tx"(%1679, %1678) {relaxed = false, scope = #nvvm.mem_scope<cta>} : (!llvm.ptr<3>, i32) -> i64
        %1681 = "stable_mosaic_gpu.arith.constant"() {value = 0 : index} : () -> index
        %1682 = "stable_mosaic_gpu.arith.constant"() {value = 0 : index} : () -> index
        %1683 = "stable_mosaic_gpu.arith.constant"() {value = 8 : index} : () -> index
        %1684 = "stable_mosaic_gpu.arith.divui"(%1681, %1683) : (index, index) -> index
        %1685 = "stable_mosaic_gpu.arith.constant"() {value = 64 : index} : () -> index
        %1686 = "stable_mosaic_gpu.arith.divui"(%1682, %1685) : (index, index) -> index
        %1687 = "stable_mosaic_gpu.arith.constant"() {value = 8 : index} : () -> index
        %1688 = "stable_mosaic_gpu.arith.remui"(%1681, %1687) : (index, index) -> index
        %1689 = "stable_mosaic_gpu.arith.constant"() {value = 64 : index} : () -> index
        %1690 = "stable_mosaic_gpu.arith.remui"(%1682, %1689) : (index, index) -> index
        %1691:10 = "stable_mosaic_gpu.memref.extract_strided_metadata"(%1649) : (memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> (memref<f16, #gpu.address_space<workgroup>>, index, index, index, index, index, index, index, index, index)
        %1692 = "stable_mosaic_gpu.memref.reinterpret_cast"(%1649, %1691#1) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 8, 8, 64>, static_strides = array<i64: 512, 64, 1>} : (memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>, index) -> memref<8x8x64xf16, strided<[512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>
        %1693 = "stable_mosaic_gpu.arith.constant"() {value = 8192 : i32} : () -> i32
        %1694 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%1692) : (memref<8x8x64xf16, strided<[512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> !llvm.struct<(ptr<3>, ptr<3>, i64, array<3 x i64>, array<3 x i64>)>
        %1695 = "stable_mosaic_gpu.llvm.extractvalue"(%1694) {position = array<i64: 1>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<3 x i64>, array<3 x i64>)>) -> !llvm.ptr<3>
        %1696 = "stable_mosaic_gpu.llvm.extractvalue"(%1694) {position = array<i64: 2>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<3 x i64>, array<3 x i64>)>) -> i64
        %1697 = "stable_mosaic_gpu.arith.constant"() {value = 2 : i64} : () -> i64
        %1698 = "stable_mosaic_gpu.llvm.mul"(%1696, %1697) : (i64, i64) -> i64
        %1699 = "stable_mosaic_gpu.llvm.ptrtoint"(%1695) : (!llvm.ptr<3>) -> i64
        %1700 = "stable_mosaic_gpu.llvm.add"(%1699, %1698) : (i64, i64) -> i64
        %1701 = "stable_mosaic_gpu.llvm.inttoptr"(%1700) : (i64) -> !llvm.ptr<3>
        %1702 = "stable_mosaic_gpu.memref.expand_shape"(%16) {reassociation = [[0], [1, 2]], static_output_shape = array<i64: 64, 1, 64>} : (memref<64x64xf16>) -> memref<64x1x64xf16>
        %1703 = "stable_mosaic_gpu.memref.expand_shape"(%1702) {reassociation = [[0, 1], [2], [3]], static_output_shape = array<i64: 8, 8, 1, 64>} : (memref<64x1x64xf16>) -> memref<8x8x1x64xf16>
        %1704 = "stable_mosaic_gpu.memref.transpose"(%1703) {permutation = #map} : (memref<8x8x1x64xf16>) -> memref<8x1x8x64xf16, strided<[512, 64, 64, 1]>>
        %1705 = "stable_mosaic_gpu.memref.reinterpret_cast"(%1704) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8, 8, 64>, static_strides = array<i64: 512, 64, 1>} : (memref<8x1x8x64xf16, strided<[512, 64, 64, 1]>>) -> memref<8x8x64xf16, strided<[512, 64, 1]>>
        %1706 = "stable_mosaic_gpu.arith.index_cast"(%1690) : (index) -> i32
        %1707 = "stable_mosaic_gpu.arith.index_cast"(%1688) : (index) -> i32
        %1708 = "stable_mosaic_gpu.arith.index_cast"(%1684) : (index) -> i32
        %1709 = "stable_mosaic_gpu.llvm.getelementptr"(%151, %1654) {elem_type = i64, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
        "stable_mosaic_gpu.nvvm.cp.async.bulk.tensor.shared.cluster.global"(%1701, %138, %1706, %1707, %1708, %1709, %214) {isCTAOnly = false, mode = #nvvm.tma_load_mode<tile>, operandSegmentSizes = array<i32: 1, 1, 3, 1, 0, 0, 0, 1>} : (!llvm.ptr<3>, !llvm.ptr, i32, i32, i32, !llvm.ptr<3>, i1) -> ()
        %1710 = "stable_mosaic_gpu.arith.index_cast"(%1554) : (i32) -> index
        %1711 = "stable_mosaic_gpu.memref.subview"(%480, %1710) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0, 0, 0, 0>, static_sizes = array<i64: 1, 8, 1, 8, 64>, static_strides = array<i64: 1, 1, 1, 1, 1>} : (memref<1x8x1x8x64xf16, #gpu.address_space<workgroup>>, index) -> memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>
        %1712 = "stable_mosaic_gpu.arith.index_cast"(%1554) : (i32) -> index
        %1713 = "stable_mosaic_gpu.arith.constant"() {value = 1 : index} : () -> index
        %1714 = "stable_mosaic_gpu.arith.muli"(%1712, %1713) {overflowFlags = #arith.overflow<none>} : (index, index) -> index
        %1715 = "stable_mosaic_gpu.arith.index_castui"(%1714) : (index) -> i32
        %1716 = "stable_mosaic_gpu.arith.addi"(%184, %1715) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1717 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
        %1718 = "stable_mosaic_gpu.arith.index_cast"(%1717) : (index) -> i32
        %1719 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim x>} : () -> index
        %1720 = "stable_mosaic_gpu.arith.index_cast"(%1719) : (index) -> i32
        %1721 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim y>} : () -> index
        %1722 = "stable_mosaic_gpu.arith.index_cast"(%1721) : (index) -> i32
        %1723 = "stable_mosaic_gpu.arith.muli"(%1722, %1720) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1724 = "stable_mosaic_gpu.arith.addi"(%1718, %1723) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1725 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim y>} : () -> index
        %1726 = "stable_mosaic_gpu.arith.index_cast"(%1725) : (index) -> i32
        %1727 = "stable_mosaic_gpu.arith.muli"(%1720, %1726) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1728 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim z>} : () -> index
        %1729 = "stable_mosaic_gpu.arith.index_cast"(%1728) : (index) -> i32
        %1730 = "stable_mosaic_gpu.arith.muli"(%1729, %1727) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1731 = "stable_mosaic_gpu.arith.addi"(%1724, %1730) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1732 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim z>} : () -> index
        %1733 = "stable_mosaic_gpu.arith.index_cast"(%1732) : (index) -> i32
        %1734 = "stable_mosaic_gpu.arith.muli"(%1727, %1733) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1735 = "stable_mosaic_gpu.arith.constant"() {value = 7 : i32} : () -> i32
        %1736 = "stable_mosaic_gpu.arith.shrui"(%1731, %1735) : (i32, i32) -> i32
        %1737 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
        %1738 = "stable_mosaic_gpu.arith.addi"(%1736, %1737) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
        %1739 = "stable_mosaic_gpu.llvm.inline_asm"(%1738) {asm_string = "bar.sync $0, 128;", constraints = "r", has_side_effects, tail_call_kind = #llvm.tailcallkind<none>} : (i32) -> !llvm.void
        %1740 = "stable_mosaic_gpu.arith.constant"() {value = 64 : i32} : () -> i32
        %1741 = "stable_mosaic_gpu.llvm.getelementptr"(%151, %1716) {elem_type = i64, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
        %1742 = "stable_mosaic_gpu.nvvm.mbarrier.arrive.expect_tx"(%1741, %1740) {relaxed = false, scope = #nvvm.mem_scope<cta>} : (!llvm.ptr<3>, i32) -> i64
        %1743 = "stable_mosaic_gpu.arith.constant"() {value = 0 : index} : () -> index
        %1744 = "stable_mosaic_gpu.arith.constant"() {value = 0 : index} : () -> index
        %1745 = "stable_mosaic_gpu.arith.constant"() {value = 8 : index} : () -> index
        %1746 = "stable_mosaic_gpu.arith.divui"(%1743, %1745) : (index, index) -> index
        %1747 = "stable_mosaic_gpu.arith.constant"() {value = 64 : index} : () -> index
        %1748 = "stable_mosaic_gpu.arith.divui"(%1744, %1747) : (index, index) -> index
        %1749 = "stable_mosaic_gpu.arith.constant"() {value = 8 : index} : () -> index
        %1750 = "stable_mosaic_gpu.arith.remui"(%1743, %1749) : (index, index) -> index
        %1751 = "stable_mosaic_gpu.arith.constant"() {value = 64 : index} : () -> index
        %1752 = "stable_mosaic_gpu.arith.remui"(%1744, %1751) : (index, index) -> index
        %1753:10 = "stable_mosaic_gpu.memref.extract_strided_metadata"(%1711) : (memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> (memref<f16, #gpu.address_space<workgroup>>, index, index, index, index, index, index, index, index, index)
        %1754 = "stable_mosaic_gpu.memref.reinterpret_cast"(%1711, %1753#1) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 8, 8, 64>, static_strides = array<i64: 512, 64, 1>} : (memref<8x1x8x64xf16, strided<[512, 512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>, index) -> memref<8x8x64xf16, strided<[512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>
        %1755 = "stable_mosaic_gpu.arith.constant"() {value = 8192 : i32} : () -> i32
        %1756 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%1754) : (memref<8x8x64xf16, strided<[512, 64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> !llvm.struct<(ptr<3>, ptr<3>, i64, array<3 x i64>, array<3 x i64>)>
        %1757 = "stable_mosaic_gpu.llvm.extractvalue"(%1756) {position = array<i64: 1>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<3 x i64>, array<3 x i64>)>) -> !llvm.ptr<3>
        %1758 = "stable_mosaic_gpu.llvm.extractvalue"(%1756) {position = array<i64: 2>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<3 x i64>, array<3 x i64>)>) -> i64
        %1759 = "stable_mosaic_gpu.arith.constant"() {value = 2 : i64} : () -> i64
        %1760 = "stable_mosaic_gpu.llvm.mul"(%1758, %1759) : (i64, i64) -> i64
        %1761 = "stable_mosaic_gpu.llvm.ptrtoint"(%1757) : (!llvm.ptr<3>) -> i64
        %1762 = "stable_mosaic_gpu.llvm.add"(%1761, %1760) : (i64, i64) -> i64
        %1763 = "stable_mosaic_gpu.llvm.inttoptr"(%1762) : (i64) -> !llvm.ptr<3>
        %1764 = "stable_mosaic_gpu.memref.expand_shape"(%32) {reassociation = [[0], [1, 2]], static_output_shape = array<i64: 64, 1, 64>} : (memref<64x64xf16>) -> memref<64x1x64xf16>
        %1765 = "stable_mosaic_gpu.memref.expand_shape"(%1764) {reassociation = [[0, 1], [2], [3]], static_output_shape = array<i64: 8, 8, 1, 64>} : (memref<64x1x64xf16>) -> memref<8x8x1x64xf16>
        %1766 = "stable_mosaic_gpu.memref.transpose"(%1765) {permutation = #map} : (memref<8x8x1x64xf16>) -> memref<8x1x8x64xf16, strided<[512, 64, 64, 1]>>
        %1767 = "stable_mosaic_gpu.memref.reinterpret_cast"(%1766) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8, 8, 64>, static_strides = array<i64: 512, 64, 1>} : (memref<8x1x8x64xf16, strided<[512, 64, 64, 1]>>) -> memref<8x8x64xf16, strided<[512, 64, 1]>>
        %1768 = "stable_mosaic_gpu.arith.index_cast"(%1752) : (index) -> i32
        %1769 = "stable_mosaic_gpu.arith.index_cast"(%1750) : (index) -> i32
        %1770 = "stable_mosaic_gpu.arith.index_cast"(%1746) : (index) -> i32
        %1771 = "stable_mosaic_gpu.llvm.getelementptr"(%151, %1716) {elem_type = i64, rawConstantIndices = array<i32: -2147483648>} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
        "stable_mosaic_gpu.nvvm.cp.async.bulk.tensor.shared.cluster.global"(%1763, %137, %1768, %1769, %1770, %1771, %214) {isCTAOnly = false, mode = #nvvm.tma_load_mode<tile>, operandSegmentSizes = array<i32: 1, 1, 3, 1, 0, 0, 0, 1>} : (!llvm.ptr<3>, !llvm.ptr, i32, i32, i32, !llvm.ptr<3>, i1) -> ()
        "stable_mosaic_gpu.scf.yield"() : () -> ()
      }, {
        "stable_mosaic_gpu.scf.yield"() : () -> ()
      }) {cases = array<i64: 0>} : (index) -> ()
      %1562 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1563 = "stable_mosaic_gpu.arith.addi"(%617, %1562) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      "stable_mosaic_gpu.nvvm.fence.proxy"() {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>} : () -> ()
      %1564 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
      %1565 = "stable_mosaic_gpu.arith.index_cast"(%1564) : (index) -> i32
      %1566 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim x>} : () -> index
      %1567 = "stable_mosaic_gpu.arith.index_cast"(%1566) : (index) -> i32
      %1568 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim y>} : () -> index
      %1569 = "stable_mosaic_gpu.arith.index_cast"(%1568) : (index) -> i32
      %1570 = "stable_mosaic_gpu.arith.muli"(%1569, %1567) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1571 = "stable_mosaic_gpu.arith.addi"(%1565, %1570) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1572 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim y>} : () -> index
      %1573 = "stable_mosaic_gpu.arith.index_cast"(%1572) : (index) -> i32
      %1574 = "stable_mosaic_gpu.arith.muli"(%1567, %1573) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1575 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim z>} : () -> index
      %1576 = "stable_mosaic_gpu.arith.index_cast"(%1575) : (index) -> i32
      %1577 = "stable_mosaic_gpu.arith.muli"(%1576, %1574) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1578 = "stable_mosaic_gpu.arith.addi"(%1571, %1577) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1579 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim z>} : () -> index
      %1580 = "stable_mosaic_gpu.arith.index_cast"(%1579) : (index) -> i32
      %1581 = "stable_mosaic_gpu.arith.muli"(%1574, %1580) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1582 = "stable_mosaic_gpu.arith.constant"() {value = 7 : i32} : () -> i32
      %1583 = "stable_mosaic_gpu.arith.shrui"(%1578, %1582) : (i32, i32) -> i32
      %1584 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1585 = "stable_mosaic_gpu.arith.addi"(%1583, %1584) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1586 = "stable_mosaic_gpu.llvm.inline_asm"(%1585) {asm_string = "bar.sync $0, 128;", constraints = "r", has_side_effects, tail_call_kind = #llvm.tailcallkind<none>} : (i32) -> !llvm.void
      %1587 = "stable_mosaic_gpu.arith.constant"() {value = 0 : i32} : () -> i32
      %1588 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1589 = "stable_mosaic_gpu.arith.remsi"(%1587, %1588) : (i32, i32) -> i32
      %1590 = "stable_mosaic_gpu.arith.index_cast"(%1589) : (i32) -> index
      %1591 = "stable_mosaic_gpu.memref.subview"(%483, %1590) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0, 0>, static_sizes = array<i64: 1, 64, 64>, static_strides = array<i64: 1, 1, 1>} : (memref<1x64x64xf16, #gpu.address_space<workgroup>>, index) -> memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %1592 = "stable_mosaic_gpu.arith.constant"() {value = 0 : index} : () -> index
      %1593 = "stable_mosaic_gpu.arith.constant"() {value = 0 : index} : () -> index
      %1594:6 = "stable_mosaic_gpu.memref.extract_strided_metadata"(%1591) : (memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> (memref<f16, #gpu.address_space<workgroup>>, index, index, index, index, index)
      %1595 = "stable_mosaic_gpu.memref.reinterpret_cast"(%1591, %1594#1) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 64, 64>, static_strides = array<i64: 64, 1>} : (memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, index) -> memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %1596 = "stable_mosaic_gpu.arith.constant"() {value = 8192 : i32} : () -> i32
      %1597 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%1595) : (memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
      %1598 = "stable_mosaic_gpu.llvm.extractvalue"(%1597) {position = array<i64: 1>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>) -> !llvm.ptr<3>
      %1599 = "stable_mosaic_gpu.llvm.extractvalue"(%1597) {position = array<i64: 2>} : (!llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>) -> i64
      %1600 = "stable_mosaic_gpu.arith.constant"() {value = 2 : i64} : () -> i64
      %1601 = "stable_mosaic_gpu.llvm.mul"(%1599, %1600) : (i64, i64) -> i64
      %1602 = "stable_mosaic_gpu.llvm.ptrtoint"(%1598) : (!llvm.ptr<3>) -> i64
      %1603 = "stable_mosaic_gpu.llvm.add"(%1602, %1601) : (i64, i64) -> i64
      %1604 = "stable_mosaic_gpu.llvm.inttoptr"(%1603) : (i64) -> !llvm.ptr<3>
      %1605 = "stable_mosaic_gpu.memref.reinterpret_cast"(%48) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 64, 64>, static_strides = array<i64: 64, 1>} : (memref<64x64xf16>) -> memref<64x64xf16, strided<[64, 1]>>
      %1606 = "stable_mosaic_gpu.memref.subview"(%1605, %1592, %1593) {operandSegmentSizes = array<i32: 1, 2, 0, 0>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: 64, 64>, static_strides = array<i64: 1, 1>} : (memref<64x64xf16, strided<[64, 1]>>, index, index) -> memref<64x64xf16, strided<[64, 1], offset: ?>>
      %1607 = "stable_mosaic_gpu.builtin.unrealized_conversion_cast"(%1606) : (memref<64x64xf16, strided<[64, 1], offset: ?>>) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
      %1608 = "stable_mosaic_gpu.llvm.extractvalue"(%1607) {position = array<i64: 1>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>) -> !llvm.ptr
      %1609 = "stable_mosaic_gpu.llvm.extractvalue"(%1607) {position = array<i64: 2>} : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>) -> i64
      %1610 = "stable_mosaic_gpu.arith.constant"() {value = 2 : i64} : () -> i64
      %1611 = "stable_mosaic_gpu.llvm.mul"(%1609, %1610) : (i64, i64) -> i64
      %1612 = "stable_mosaic_gpu.llvm.ptrtoint"(%1608) : (!llvm.ptr) -> i64
      %1613 = "stable_mosaic_gpu.llvm.add"(%1612, %1611) : (i64, i64) -> i64
      %1614 = "stable_mosaic_gpu.llvm.inttoptr"(%1613) : (i64) -> !llvm.ptr
      %1615 = "stable_mosaic_gpu.arith.constant"() {value = 4096 : index} : () -> index
      %1616:6 = "stable_mosaic_gpu.memref.extract_strided_metadata"(%1606) : (memref<64x64xf16, strided<[64, 1], offset: ?>>) -> (memref<f16>, index, index, index, index, index)
      %1617 = "stable_mosaic_gpu.arith.minui"(%1616#1, %1615) : (index, index) -> index
      %1618 = "stable_mosaic_gpu.arith.subi"(%1615, %1617) {overflowFlags = #arith.overflow<none>} : (index, index) -> index
      %1619 = "stable_mosaic_gpu.arith.constant"() {value = 2 : index} : () -> index
      %1620 = "stable_mosaic_gpu.arith.muli"(%1618, %1619) {overflowFlags = #arith.overflow<none>} : (index, index) -> index
      %1621 = "stable_mosaic_gpu.arith.index_cast"(%1596) : (i32) -> index
      %1622 = "stable_mosaic_gpu.arith.minui"(%1621, %1620) : (index, index) -> index
      %1623 = "stable_mosaic_gpu.arith.index_cast"(%1622) : (index) -> i32
      %1624 = "stable_mosaic_gpu.llvm.inline_asm"(%214, %1614, %1604, %1623) {asm_string = "\0A          @$0 cp.async.bulk.global.shared::cta.bulk_group [$1], [$2], $3;\0A          ", constraints = "b,l,l,r", has_side_effects, tail_call_kind = #llvm.tailcallkind<none>} : (i1, !llvm.ptr, !llvm.ptr<3>, i32) -> !llvm.void
      "stable_mosaic_gpu.nvvm.cp.async.bulk.commit.group"() : () -> ()
      "stable_mosaic_gpu.nvvm.cp.async.bulk.wait_group"() {group = 0 : i32} : () -> ()
      %1625 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
      %1626 = "stable_mosaic_gpu.arith.index_cast"(%1625) : (index) -> i32
      %1627 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim x>} : () -> index
      %1628 = "stable_mosaic_gpu.arith.index_cast"(%1627) : (index) -> i32
      %1629 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim y>} : () -> index
      %1630 = "stable_mosaic_gpu.arith.index_cast"(%1629) : (index) -> i32
      %1631 = "stable_mosaic_gpu.arith.muli"(%1630, %1628) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1632 = "stable_mosaic_gpu.arith.addi"(%1626, %1631) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1633 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim y>} : () -> index
      %1634 = "stable_mosaic_gpu.arith.index_cast"(%1633) : (index) -> i32
      %1635 = "stable_mosaic_gpu.arith.muli"(%1628, %1634) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1636 = "stable_mosaic_gpu.gpu.thread_id"() {dimension = #gpu<dim z>} : () -> index
      %1637 = "stable_mosaic_gpu.arith.index_cast"(%1636) : (index) -> i32
      %1638 = "stable_mosaic_gpu.arith.muli"(%1637, %1635) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1639 = "stable_mosaic_gpu.arith.addi"(%1632, %1638) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1640 = "stable_mosaic_gpu.gpu.block_dim"() {dimension = #gpu<dim z>} : () -> index
      %1641 = "stable_mosaic_gpu.arith.index_cast"(%1640) : (index) -> i32
      %1642 = "stable_mosaic_gpu.arith.muli"(%1635, %1641) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1643 = "stable_mosaic_gpu.arith.constant"() {value = 7 : i32} : () -> i32
      %1644 = "stable_mosaic_gpu.arith.shrui"(%1639, %1643) : (i32, i32) -> i32
      %1645 = "stable_mosaic_gpu.arith.constant"() {value = 1 : i32} : () -> i32
      %1646 = "stable_mosaic_gpu.arith.addi"(%1644, %1645) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
      %1647 = "stable_mosaic_gpu.llvm.inline_asm"(%1646) {asm_string = "bar.sync $0, 128;", constraints = "r", has_side_effects, tail_call_kind = #llvm.tailcallkind<none>} : (i32) -> !llvm.void
      "stable_mosaic_gpu.gpu.terminator"() : () -> ()
    }) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1>} : (!gpu.async.token, index, index, index, index, index, index, i32) -> !gpu.async.token
    "stable_mosaic_gpu.func.return"() : () -> ()
  }) {function_type = (!llvm.ptr, !llvm.ptr) -> (), llvm.emit_c_interface, sym_name = "kernel_mosaic_gpu"} : () -> ()
}) {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32, stable_mosaic_gpu.version = 6 : i64} : () -> ()
