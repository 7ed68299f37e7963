package io.github.ycsbkv.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbkv.results.sweep.Summary;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadSectionTest {

  /** The memtier study's CV bands (its object-cache test): Excellent < 2%, Good < 5%, Fair < 10%. */
  @Test
  void cvBand_isTheMemtierStudysGrading() {
    assertEquals("Excellent", WorkloadSection.band(Summary.of(List.of(100.0, 101.0, 99.0))), "CV 1%");
    assertEquals("Good", WorkloadSection.band(Summary.of(List.of(100.0, 104.0, 96.0))), "CV 4%");
    assertEquals("Fair", WorkloadSection.band(Summary.of(List.of(100.0, 108.0, 92.0))), "CV 8%");
    assertEquals("over 10%", WorkloadSection.band(Summary.of(List.of(100.0, 120.0, 80.0))), "CV 20%");
    assertEquals("Good", WorkloadSection.band(Summary.of(List.of(100.0, 102.0, 98.0))), "CV exactly 2%: not under 2");
  }
}
