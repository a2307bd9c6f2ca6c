"builtin.module"() ({
  "x.r"() {a = dense_resource<first> : tensor<3xi32>, b = dense_resource<second> : tensor<2xf32>} : () -> ()
  "x.r"() {again = dense_resource<first> : tensor<3xi32>, bools = dense_resource<"odd name"> : tensor<2xi8>} : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      first: "0x04000000010000000200000003000000",
      second: "0x080000000000803F00000040",
      "odd name": "0x010000000102"
    }
  }
#-}
