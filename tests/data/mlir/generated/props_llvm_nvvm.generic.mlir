"builtin.module"() ({
  "llvm.mlir.global"() <{addr_space = 0 : i32, constant, global_type = !llvm.array<3 x i8>, linkage = #llvm.linkage<internal>, sym_name = "str", unnamed_addr = 0 : i64, value = "hi\00", visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (i32)>, linkage = #llvm.linkage<external>, sym_name = "callee", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (i32, ptr, ptr<3>)>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: !llvm.ptr, %arg2: !llvm.ptr<3>):
    %0 = "llvm.add"(%arg0, %arg0) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %1 = "llvm.mlir.constant"() <{value = 4 : i32}> : () -> i32
    %2 = "llvm.icmp"(%arg0, %1) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %3 = "llvm.load"(%arg1) <{ordering = 0 : i64}> : (!llvm.ptr) -> i32
    "llvm.store"(%0, %arg1) <{ordering = 0 : i64}> : (i32, !llvm.ptr) -> ()
    %4 = "llvm.getelementptr"(%arg1, %arg0) <{elem_type = f32, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i32) -> !llvm.ptr
    %5 = "llvm.call"(%arg0) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @callee, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (i32) -> i32
    %6 = "llvm.mlir.addressof"() <{global_name = @str}> : () -> !llvm.ptr
    %7 = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
    %8 = "llvm.insertvalue"(%7, %arg0) <{position = array<i64: 0>}> : (!llvm.struct<(i32, f32)>, i32) -> !llvm.struct<(i32, f32)>
    %9 = "llvm.extractvalue"(%8) <{position = array<i64: 0>}> : (!llvm.struct<(i32, f32)>) -> i32
    %10 = "llvm.addrspacecast"(%arg2) : (!llvm.ptr<3>) -> !llvm.ptr
    %11 = "llvm.inline_asm"(%arg0) <{asm_string = "mov.u32 $0, $1;", constraints = "=r,r", has_side_effects, tail_call_kind = #llvm.tailcallkind<none>}> : (i32) -> i32
    %12 = "nvvm.read.ptx.sreg.tid.x"() : () -> i32
    %13 = "llvm.select"(%2, %arg0, %1) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i32, i32) -> i32
    %14 = "llvm.zext"(%arg0) : (i32) -> i64
    %15 = "llvm.ptrtoint"(%arg1) : (!llvm.ptr) -> i64
    %16 = "nvvm.shfl.sync"(%arg0, %arg0, %arg0, %arg0) <{kind = #nvvm<shfl_kind bfly>}> : (i32, i32, i32, i32) -> i32
    %17 = "llvm.atomicrmw"(%arg1, %arg0) <{bin_op = 1 : i64, ordering = 2 : i64}> : (!llvm.ptr, i32) -> i32
    "llvm.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
