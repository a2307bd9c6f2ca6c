pub mod buffers;
