#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>
"builtin.module"() ({
  "x.op"() ({
  ^bb0(%arg0: memref<2x2xf32, #map>):
    "x.inner"(%arg0) {m = #map1} : (memref<2x2xf32, #map>) -> ()
    "x.inner"() {m = #map1} : () -> ()
  }) : () -> ()
}) : () -> ()
