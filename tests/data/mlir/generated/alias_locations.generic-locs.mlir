#loc2 = loc("args.py":1:2)
#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>
"builtin.module"() ({
  "x.op"() ({
  ^bb0(%arg0: memref<2x2xf32, #map> loc("args.py":1:2)):
    "x.inner"(%arg0) {m = #map1} : (memref<2x2xf32, #map>) -> () loc(#loc9)
    "x.inner"() {m = #map1} : () -> () loc(#loc8)
  }) : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("-":2:1)
#loc1 = loc("top.py":1:1)
#loc3 = loc("a.py":3:4)
#loc4 = loc("b.py":5:6)
#loc5 = loc("a.py":7:8)
#loc6 = loc("c.py":9:10)
#loc7 = loc("f"(#loc3))
#loc8 = loc(fused[#loc5, #loc6])
#loc9 = loc(callsite(#loc7 at #loc4))
