"""Decision-time figures shared by the computer-player benchmarks: a percentile and the per-level line."""

from __future__ import annotations


def percentile(values: list[float], q: float) -> float:
    """The `q` quantile by rank (no interpolation): what a benchmark line quotes as p50 or p95."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report_times(times: dict[str, list[tuple[float, float]]]) -> None:
    """One line per level: decisions, wall p50/p95/max and CPU p50/p95, from (wall, CPU) seconds."""
    for level, values in sorted(times.items()):
        wall = [w for w, _ in values]
        cpu = [c for _, c in values]
        print(f"  {level:6} decisions: {len(values):6}  wall p50 {percentile(wall, 0.5) * 1e3:8.2f} ms"
              f"  p95 {percentile(wall, 0.95) * 1e3:8.2f} ms  max {max(wall) * 1e3:8.2f} ms"
              f" | CPU p50 {percentile(cpu, 0.5) * 1e3:8.2f} ms  p95 {percentile(cpu, 0.95) * 1e3:8.2f} ms")
