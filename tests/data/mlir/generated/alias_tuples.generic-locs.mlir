!tuple = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>
!tuple1 = tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>
#map = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "x.op"() {big = !tuple, other = !tuple1, small = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>} : () -> () loc(#loc1)
  %0 = "x.op"() {m = #map} : () -> !tuple loc(#loc2)
}) : () -> () loc(#loc)
#loc = loc("-":2:1)
#loc1 = loc("-":3:3)
#loc2 = loc("-":6:3)
