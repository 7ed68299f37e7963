package io.github.ycsbkv.internal.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

class ScanIndexTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void default_isOn_asUpstreamKeepsItsIndexAlways() throws Exception {
    assertEquals(ScanIndex.ON, ScanIndex.from(props(), "redis.scanindex"));
    assertTrue(ScanIndex.ON.enabled(props("scanproportion", "0")));
    assertFalse(ScanIndex.OFF.enabled(props("scanproportion", "1")));
  }

  /** Regression: the time-series workload scans with ts.readspan > 1, which auto did not see. */
  @Test
  void auto_followsScanProportion_andTimeSeriesSpanReads() throws Exception {
    assertFalse(ScanIndex.AUTO.enabled(props()));
    assertTrue(ScanIndex.AUTO.enabled(props("scanproportion", "0.05")));
    assertFalse(ScanIndex.AUTO.enabled(props("ts.readspan", "1")));
    assertTrue(ScanIndex.AUTO.enabled(props("ts.readspan", "10")));
  }

  @Test
  void values_areOnOffAuto_caseAndSpacesIgnored_elseOneLine() throws Exception {
    assertEquals(ScanIndex.OFF, ScanIndex.from(props("dragonfly.scanindex", " OFF "), "dragonfly.scanindex"));
    assertEquals(ScanIndex.AUTO, ScanIndex.from(props("dragonfly.scanindex", "auto"), "dragonfly.scanindex"));
    DBException e = assertThrows(DBException.class,
        () -> ScanIndex.from(props("dragonfly.scanindex", "sometimes"), "dragonfly.scanindex"));
    assertEquals("property 'dragonfly.scanindex' must be one of on, off, auto, got 'sometimes'", e.getMessage());
  }

  @Test
  void loading_isWhatTheEngineAndUpstreamSetForLoad() {
    assertTrue(ScanIndex.loading(props("dotransactions", "false")));
    assertFalse(ScanIndex.loading(props("dotransactions", "true")));
    assertFalse(ScanIndex.loading(props()));
  }
}
