package io.github.ycsbkv.aerospike;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

class AerospikeEvictionTest {

  private static final long GIB = 1L << 30;

  private static Properties props(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return p;
  }

  @Test
  void limit_isAWholePercentOfTheDataSize_roundedDown() throws DBException {
    AerospikeEviction e = AerospikeEviction.from(props("server.maxmemory", "64mb"));
    assertEquals(64.0 * 1024 * 1024, e.bytes());
    assertEquals(6, e.percentOf(GIB)); // 6.25%
    assertEquals(0, e.percentOf(12 * GIB)); // 0.52%: refused when applied
    assertEquals(1, AerospikeEviction.from(props("server.maxmemory", Long.toString((GIB + 99) / 100))).percentOf(GIB));
    assertEquals(-1, e.tenthsPct());
    assertEquals(200, AerospikeEviction.from(props("server.maxmemory", "1gb", "server.evict-tenths-pct", "200"))
        .tenthsPct());
    assertFalse(AerospikeEviction.from(props()).given());
  }

  @Test
  void aPolicy_aMalformedSize_orAShareWithoutALimit_isOneLine() {
    assertEquals("-p server.maxmemory-policy=allkeys-lru: Aerospike has no eviction policy to choose (it evicts the"
        + " records nearest to their expiry first); drop it, and give the limit alone with -p server.maxmemory",
        assertThrows(DBException.class, () -> AerospikeEviction.from(props("server.maxmemory", "64mb",
            "server.maxmemory-policy", "allkeys-lru"))).getMessage());
    assertEquals("-p server.maxmemory=lots is not a size (64mb, 1gb, or bytes)", assertThrows(DBException.class,
        () -> AerospikeEviction.from(props("server.maxmemory", "lots"))).getMessage());
    assertEquals("-p server.evict-tenths-pct goes with -p server.maxmemory (the limit it evicts down to)",
        assertThrows(DBException.class, () -> AerospikeEviction.from(props("server.evict-tenths-pct", "5")))
            .getMessage());
    assertEquals("-p server.evict-tenths-pct=1001: tenths of a percent, 0 to 1000", assertThrows(DBException.class,
        () -> AerospikeEviction.from(props("server.maxmemory", "1gb", "server.evict-tenths-pct", "1001")))
            .getMessage());
  }
}
