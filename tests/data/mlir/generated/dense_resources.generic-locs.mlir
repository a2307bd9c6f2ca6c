"builtin.module"() ({
  "x.r"() {a = dense_resource<first> : tensor<3xi32>, b = dense_resource<second> : tensor<2xf32>} : () -> () loc(#loc1)
  "x.r"() {again = dense_resource<first> : tensor<3xi32>, bools = dense_resource<"odd name"> : tensor<2xi8>} : () -> () loc(#loc2)
}) : () -> () loc(#loc)
#loc = loc("-":2:1)
#loc1 = loc("-":3:3)
#loc2 = loc("res.py":1:1)

{-#
  dialect_resources: {
    builtin: {
      first: "0x04000000010000000200000003000000",
      second: "0x080000000000803F00000040",
      "odd name": "0x010000000102"
    }
  }
#-}
