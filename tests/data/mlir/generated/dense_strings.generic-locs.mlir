"builtin.module"() ({
  "x.s"() {a = dense<"hello"> : tensor<2x!x.str>, b = dense<["a", "bc", "d\0A\22"]> : tensor<3x!x.str>, c = dense<[["a", "b"], ["c", "d"]]> : tensor<2x2x!x.str>, d = dense<> : tensor<0x!x.str>} : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("-":2:1)
#loc1 = loc("-":3:3)
