package io.github.ycsbkv.results.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Against values computed by hand. */
class SummaryTest {

  @Test
  void of_threeValues_matchesHandComputation() {
    // mean 20; deviations -2, 0, 2; s^2 = 8 / 2 = 4; s = 2; cv = 0.1;
    // t(0.975, 2) = 4.303; half-width = 4.303 * 2 / sqrt(3) = 4.9687
    Summary s = Summary.of(List.of(18.0, 20.0, 22.0));
    assertEquals(3, s.n());
    assertEquals(20.0, s.mean(), 1e-12);
    assertEquals(2.0, s.stdDev(), 1e-12);
    assertEquals(0.1, s.cv(), 1e-12);
    assertEquals(20 - 4.9687, s.ci95Low(), 1e-4);
    assertEquals(20 + 4.9687, s.ci95High(), 1e-4);
  }

  @Test
  void of_thirteenIterations_usesTwelveDegreesOfFreedom() {
    // 13 iterations, as the memtier study's object-cache test: t(0.975, 12) = 2.179.
    List<Double> v = List.of(10.0, 12.0, 10.0, 12.0, 10.0, 12.0, 10.0, 12.0, 10.0, 12.0, 10.0, 12.0, 11.0);
    Summary s = Summary.of(v);
    double mean = 143.0 / 13;
    double ss = 0;
    for (double x : v) {
      ss += (x - mean) * (x - mean);
    }
    double sd = Math.sqrt(ss / 12);
    assertEquals(mean, s.mean(), 1e-12);
    assertEquals(sd, s.stdDev(), 1e-12);
    assertEquals(mean + 2.179 * sd / Math.sqrt(13), s.ci95High(), 1e-12);
  }

  @Test
  void of_oneValue_hasNoSpread() {
    Summary s = Summary.of(List.of(5.0));
    assertEquals(0.0, s.stdDev());
    assertEquals(5.0, s.ci95Low());
    assertEquals(5.0, s.ci95High());
  }
}
