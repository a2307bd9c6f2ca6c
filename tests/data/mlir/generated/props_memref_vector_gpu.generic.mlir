#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
"builtin.module"() ({
  "memref.global"() <{constant, initial_value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>, sym_name = "g", sym_visibility = "private", type = memref<4xf32>}> : () -> ()
  "func.func"() <{function_type = (memref<8x16xf32>, index, f32, vector<4xf32>, memref<?xf32>) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: memref<8x16xf32>, %arg1: index, %arg2: f32, %arg3: vector<4xf32>, %arg4: memref<?xf32>):
    %0 = "memref.load"(%arg0, %arg1, %arg1) : (memref<8x16xf32>, index, index) -> f32
    "memref.store"(%arg2, %arg0, %arg1, %arg1) : (f32, memref<8x16xf32>, index, index) -> ()
    %1 = "memref.subview"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 4>, static_sizes = array<i64: 4, 8>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>) -> memref<4x8xf32, strided<[16, 1], offset: 4>>
    %2 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
    %3 = "memref.get_global"() <{name = @g}> : () -> memref<4xf32>
    %4 = "memref.dim"(%arg4, %arg1) : (memref<?xf32>, index) -> index
    %5 = "memref.reinterpret_cast"(%arg4) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<?xf32>) -> memref<4xf32>
    %6 = "vector.transfer_read"(%arg0, %arg1, %arg1, %arg2) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = #map}> : (memref<8x16xf32>, index, index, f32) -> vector<4xf32>
    "vector.transfer_write"(%arg3, %arg0, %arg1, %arg1) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 1, 2, 0>, permutation_map = #map}> : (vector<4xf32>, memref<8x16xf32>, index, index) -> ()
    %7 = "vector.load"(%arg0, %arg1, %arg1) : (memref<8x16xf32>, index, index) -> vector<4xf32>
    %8 = "vector.shape_cast"(%arg3) : (vector<4xf32>) -> vector<2x2xf32>
    %9 = "vector.transpose"(%8) <{permutation = array<i64: 1, 0>}> : (vector<2x2xf32>) -> vector<2x2xf32>
    %10 = "vector.contract"(%8, %9, %8) <{fastmath = #arith.fastmath<none>, indexing_maps = [#map1, #map2, #map3], iterator_types = [#vector.iterator_type<parallel>, #vector.iterator_type<parallel>, #vector.iterator_type<reduction>], kind = #vector.kind<add>}> : (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    %11 = "vector.extract_strided_slice"(%arg3) <{offsets = [0], sizes = [2], strides = [1]}> : (vector<4xf32>) -> vector<2xf32>
    %12 = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> index
    %13 = "gpu.block_id"() <{dimension = #gpu<dim y>}> : () -> index
    %14 = "gpu.block_dim"() <{dimension = #gpu<dim z>}> : () -> index
    "gpu.barrier"() <{scope = #gpu.barrier_scope<workgroup>}> : () -> ()
    %15 = "vector.fma"(%arg3, %arg3, %arg3) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %16 = "vector.multi_reduction"(%8, %11) <{kind = #vector.kind<maximumf>, reduction_dims = array<i64: 1>}> : (vector<2x2xf32>, vector<2xf32>) -> vector<2xf32>
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
