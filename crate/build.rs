//! Generates Rust types from our `.proto` files with prost-build + protox (no `protoc`).

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protos = [
        "proto/xplane.proto",
        "proto/perfetto.proto",
        "proto/hlo.proto",
    ];
    for p in protos {
        println!("cargo:rerun-if-changed={p}");
    }
    let descriptors = protox::compile(protos, ["proto"])?;
    prost_build::Config::new().compile_fds(descriptors)?;
    Ok(())
}
