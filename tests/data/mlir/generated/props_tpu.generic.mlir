#map = affine_map<(d0) -> (d0, 0)>
"builtin.module"() ({
  "func.func"() <{function_type = (i32, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<any>>) -> (), sym_name = "k"}> ({
  ^bb0(%arg0: i32, %arg1: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg2: memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %arg3: memref<8x128xf32, #tpu.memory_space<any>>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "vector.load"(%arg1, %0, %0) : (memref<8x128xf32, #tpu.memory_space<vmem>>, index, index) -> vector<8x128xf32>
    %2 = "tpu.iota"() <{dimensions = array<i32: 0>}> : () -> vector<8x128xi32>
    %3 = "tpu.repeat"(%1) <{dimension = 1 : i32, times = 2 : i32}> : (vector<8x128xf32>) -> vector<8x256xf32>
    %4 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %5 = "tpu.memref_slice"(%arg2, %4) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %6 = "tpu.memref_squeeze"(%5) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    "tpu.enqueue_dma"(%arg3, %arg1, %6) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32, strict_ordering = false}> : (memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%6, %arg3, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, strict_ordering = false}> : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>) -> ()
    %7 = "tpu.matmul"(%1, %1, %1) <{dimension_numbers = #tpu.dot_dimension_numbers<[1], [1], [0], [0], [0, 0, 1, 0], [], []>, transpose_lhs = false, transpose_lhs_hint = false, transpose_rhs = false}> : (vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>) -> vector<8x128xf32>
    "func.return"() : () -> ()
  }) {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 2>, window_params = [{transform_indices = #map}]} : () -> ()
}) : () -> ()
