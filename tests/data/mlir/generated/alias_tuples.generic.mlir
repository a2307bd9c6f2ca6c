!tuple = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>
!tuple1 = tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>
#map = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "x.op"() {big = !tuple, other = !tuple1, small = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>} : () -> ()
  %0 = "x.op"() {m = #map} : () -> !tuple
}) : () -> ()
