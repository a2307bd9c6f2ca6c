"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32, f32, f32, index, vector<4xf32>) -> f32, sym_name = "f"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: index, %arg5: vector<4xf32>):
    %0 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %1 = "arith.muli"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %2 = "arith.cmpi"(%arg0, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %3 = "arith.cmpf"(%arg2, %arg3) <{fastmath = #arith.fastmath<fast>, predicate = 4 : i64}> : (f32, f32) -> i1
    %4 = "arith.addf"(%arg2, %arg3) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
    %5 = "arith.select"(%2, %arg2, %arg3) : (i1, f32, f32) -> f32
    %6 = "arith.constant"() <{value = dense<1.000000e+00> : vector<4xf32>}> : () -> vector<4xf32>
    %7 = "arith.extui"(%arg0) : (i32) -> i64
    %8 = "arith.truncf"(%arg2) : (f32) -> f16
    %9 = "arith.sitofp"(%arg0) : (i32) -> f32
    %10 = "arith.index_cast"(%arg0) : (i32) -> index
    %11 = "arith.divsi"(%arg0, %arg1) : (i32, i32) -> i32
    %12 = "arith.maximumf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %13 = "arith.shrui"(%arg0, %arg1) : (i32, i32) -> i32
    %14 = "arith.bitcast"(%arg2) : (f32) -> i32
    %15 = "math.exp"(%arg2) <{fastmath = #arith.fastmath<afn>}> : (f32) -> f32
    %16 = "math.sqrt"(%arg2) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %17 = "math.fma"(%arg2, %arg3, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32, f32) -> f32
    %18 = "math.absf"(%arg2) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %19 = "math.fpowi"(%arg2, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, i32) -> f32
    %20 = "arith.constant"() <{value = 0 : index}> : () -> index
    %21 = "arith.constant"() <{value = 4 : index}> : () -> index
    %22 = "arith.constant"() <{value = 1 : index}> : () -> index
    %23 = "scf.for"(%20, %21, %22, %arg2) ({
    ^bb0(%arg8: index, %arg9: f32):
      %40 = "arith.addf"(%arg9, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "scf.yield"(%40) : (f32) -> ()
    }) : (index, index, index, f32) -> f32
    %24 = "scf.if"(%2) ({
      "scf.yield"(%arg2) : (f32) -> ()
    }, {
      "scf.yield"(%arg3) : (f32) -> ()
    }) : (i1) -> f32
    %25 = "scf.while"(%arg0) ({
    ^bb0(%arg7: i32):
      %39 = "arith.cmpi"(%arg7, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1
      "scf.condition"(%39, %arg7) : (i1, i32) -> ()
    }, {
    ^bb0(%arg6: i32):
      %38 = "arith.addi"(%arg6, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"(%38) : (i32) -> ()
    }) : (i32) -> i32
    %26 = "vector.reduction"(%arg5) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<add>}> : (vector<4xf32>) -> f32
    %27 = "vector.broadcast"(%arg2) : (f32) -> vector<4xf32>
    %28 = "vector.extract"(%arg5) <{static_position = array<i64: 1>}> : (vector<4xf32>) -> f32
    %29 = "arith.ceildivsi"(%arg0, %arg1) : (i32, i32) -> i32
    %30 = "arith.minsi"(%arg0, %arg1) : (i32, i32) -> i32
    %31 = "arith.negf"(%arg2) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %32 = "arith.remf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %33 = "math.rsqrt"(%arg2) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %34 = "math.tanh"(%arg2) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    "cf.br"(%23)[^bb1] : (f32) -> ()
  ^bb1(%35: f32):  // pred: ^bb0
    %36 = "arith.constant"() <{value = true}> : () -> i1
    "cf.cond_br"(%36, %35)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f32) -> ()
  ^bb2:  // pred: ^bb1
    "func.return"(%arg2) : (f32) -> ()
  ^bb3(%37: f32):  // pred: ^bb1
    "func.return"(%37) : (f32) -> ()
  }) : () -> ()
}) : () -> ()
