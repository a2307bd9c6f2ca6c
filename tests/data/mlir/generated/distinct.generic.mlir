#distinct = distinct[0]<[1, 2]>
#distinct1 = distinct[1]<{k = "v"}>
#map = affine_map<(d0) -> (d0)>
#distinct2 = distinct[2]<#map>
"builtin.module"() ({
  "x.op"() {a = distinct[3]<>, b = #distinct, c = #distinct1, d = distinct[4]<>, e = [#distinct, #distinct2]} : () -> ()
}) : () -> ()
