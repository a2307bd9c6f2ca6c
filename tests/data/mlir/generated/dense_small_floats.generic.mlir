"builtin.module"() ({
  "x.d"() {a = dense<[1.000000e+00, 2.000000e+00, -5.000000e-01, 4.480000e+02]> : tensor<4xf8E4M3FN>, b = dense<1.500000e+00> : tensor<2x2xf8E5M2>, c = dense<[5.000000e-01, 1.000000e+00]> : tensor<2xf4E2M1FN>, d = dense<[[1.000000e+00, 2.000000e+00], [4.000000e+00, 8.000000e+00]]> : vector<2x2xf8E8M0FNU>, e = dense<[1.000000e+00, 3.000000e+00]> : tensor<2xf80>, f = dense<2.000000e+00> : tensor<3xf128>, g = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xtf32>, h = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf6E3M2FN>} : () -> ()
  %0 = "x.v"() {a = vector<[4]xf32>, b = vector<2x[8]xi8>, c = vector<[2]x[3]x4xf16>, d = vector<4x[1]xf8E4M3FN>} : () -> vector<[4]xi1>
}) : () -> ()
