"builtin.module"() ({
  "func.func"() <{function_type = (!llvm.ptr, memref<128x64xf16, #gpu.address_space<workgroup>>, memref<1x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> (), sym_name = "k"}> ({
  ^bb0(%arg0: !llvm.ptr, %arg1: memref<128x64xf16, #gpu.address_space<workgroup>>, %arg2: memref<1x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "gpu.dynamic_shared_memory"() : () -> memref<?xi8, #gpu.address_space<workgroup>>
    %2 = "nvvm.elect.sync"() : () -> i1
    %3 = "llvm.mlir.constant"() <{value = 128 : i32}> : () -> i32
    "nvvm.fence.proxy"() <{kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}> : () -> ()
    %4 = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<128x64xf16, #gpu.address_space<workgroup>>
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
