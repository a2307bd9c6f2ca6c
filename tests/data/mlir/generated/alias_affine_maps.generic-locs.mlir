#loc5 = loc("-":9:16)
#loc6 = loc("-":10:16)
#loc7 = loc("-":11:16)
#map = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
#map1 = affine_map<(d0)[s0] -> (d0 + s0)>
#map2 = affine_map<(d0, d1) -> (d1, d0)>
#map3 = affine_map<(d0) -> (d0 * 2)>
#map4 = affine_map<() -> (0)>
#set = affine_set<(d0, d1)[s0] : (d0 - s0 >= 0, d1 == 0)>
#set1 = affine_set<(d0) : (d0 >= 0)>
"builtin.module"() ({
  "x.transpose"() {permutation = #map} : () -> () loc(#loc1)
  "x.transpose"() {permutation = #map} : () -> () loc(#loc2)
  "x.maps"() {a = [#map1, #map2], b = {inner = #map3, perm = #map}, c = #map4} : () -> () loc(#loc3)
  "func.func"() <{function_type = (memref<4x8xf32, #map2>, memref<4x8xf32, strided<[8, 1], offset: ?>>, memref<4x8xf32>) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: memref<4x8xf32, #map2> loc("-":9:16), %arg1: memref<4x8xf32, strided<[8, 1], offset: ?>> loc("-":10:16), %arg2: memref<4x8xf32> loc("-":11:16)):
    %0 = "memref.transpose"(%arg2) <{permutation = #map2}> : (memref<4x8xf32>) -> memref<8x4xf32, strided<[1, 8]>> loc(#loc8)
    "x.use"(%arg0, %arg1) {set = #set} : (memref<4x8xf32, #map2>, memref<4x8xf32, strided<[8, 1], offset: ?>>) -> () loc(#loc9)
    "x.use"() {other = #set1, set = #set} : () -> () loc(#loc10)
    "func.return"() : () -> () loc(#loc11)
  }) : () -> () loc(#loc4)
}) : () -> () loc(#loc)
#loc = loc("-":3:1)
#loc1 = loc("-":4:3)
#loc2 = loc("-":5:3)
#loc3 = loc("-":6:3)
#loc4 = loc("-":9:3)
#loc8 = loc("-":12:10)
#loc9 = loc("-":13:5)
#loc10 = loc("-":14:5)
#loc11 = loc("-":15:5)
