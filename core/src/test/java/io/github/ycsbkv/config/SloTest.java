package io.github.ycsbkv.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SloTest {

  @Test
  void parse_percentilesAndUnits() {
    Slo s = Slo.parse("p999=5ms, p99=1ms");
    assertEquals(List.of(new Slo.Bound(99, 1000), new Slo.Bound(99.9, 5000)), s.bounds());
    assertEquals("p99<=1ms, p999<=5ms", s.describe());
    assertEquals("p99=1ms,p999=5ms", s.text());
    assertEquals(s, Slo.parse(s.text()));
    assertEquals(List.of(new Slo.Bound(50, 200), new Slo.Bound(99.99, 2_000_000)),
        Slo.parse("P50=200us,p9999=2s").bounds());
    assertEquals(new Slo.Bound(99.5, 1500), Slo.parse("p99.5=1.5ms").bounds().get(0));
    assertEquals("p995=1.5ms", Slo.parse("p99.5=1.5ms").text());
    assertEquals(1000, s.tightestMicros());
  }

  @Test
  void parse_badText_saysWhatToWrite() {
    assertEquals("--slo: cannot read 'p99<1ms': write pNN=LATENCY with a unit of us, ms or s, for example p99=1ms or"
        + " p999=5ms", assertThrows(UserError.class, () -> Slo.parse("p99<1ms")).getMessage());
    assertEquals("--slo: cannot read 'p99=1': write pNN=LATENCY with a unit of us, ms or s, for example p99=1ms or"
        + " p999=5ms", assertThrows(UserError.class, () -> Slo.parse("p99=1")).getMessage());
    assertEquals("--slo names p99 twice", assertThrows(UserError.class, () -> Slo.parse("p99=1ms,p99=2ms"))
        .getMessage());
    assertEquals("--slo: p0=1ms: the percentile must be above 0 and below 100",
        assertThrows(UserError.class, () -> Slo.parse("p0=1ms")).getMessage());
    assertEquals(2, assertThrows(UserError.class, () -> Slo.parse("")).exitCode());
  }

  @Test
  void measured_threeFiguresAtMost() {
    assertEquals("640us", Slo.measured(640.4));
    assertEquals("1.43ms", Slo.measured(1433.2));
    assertEquals("81.1ms", Slo.measured(81068.031));
    assertEquals("188ms", Slo.measured(188481.535));
  }

  @Test
  void broken_firstBoundOver_orNotMeasured() {
    Slo s = Slo.parse("p99=1ms,p999=5ms");
    assertNull(s.broken(Map.of(99.0, 900.0, 99.9, 4900.0)));
    assertEquals(99.9, s.broken(Map.of(99.0, 900.0, 99.9, 5100.0)).percentile());
    assertEquals(99.0, s.broken(Map.of(99.9, 10.0)).percentile(), "a percentile not measured breaks its bound");
  }
}
