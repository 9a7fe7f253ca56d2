"""Benchmarks for Cardems (printed figures, not tests). See bench/README.md."""
