#map = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
#map1 = affine_map<(d0)[s0] -> (d0 + s0)>
#map2 = affine_map<(d0, d1) -> (d1, d0)>
#map3 = affine_map<(d0) -> (d0 * 2)>
#map4 = affine_map<() -> (0)>
#set = affine_set<(d0, d1)[s0] : (d0 - s0 >= 0, d1 == 0)>
#set1 = affine_set<(d0) : (d0 >= 0)>
"builtin.module"() ({
  "x.transpose"() {permutation = #map} : () -> ()
  "x.transpose"() {permutation = #map} : () -> ()
  "x.maps"() {a = [#map1, #map2], b = {inner = #map3, perm = #map}, c = #map4} : () -> ()
  "func.func"() <{function_type = (memref<4x8xf32, #map2>, memref<4x8xf32, strided<[8, 1], offset: ?>>, memref<4x8xf32>) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: memref<4x8xf32, #map2>, %arg1: memref<4x8xf32, strided<[8, 1], offset: ?>>, %arg2: memref<4x8xf32>):
    %0 = "memref.transpose"(%arg2) <{permutation = #map2}> : (memref<4x8xf32>) -> memref<8x4xf32, strided<[1, 8]>>
    "x.use"(%arg0, %arg1) {set = #set} : (memref<4x8xf32, #map2>, memref<4x8xf32, strided<[8, 1], offset: ?>>) -> ()
    "x.use"() {other = #set1, set = #set} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
