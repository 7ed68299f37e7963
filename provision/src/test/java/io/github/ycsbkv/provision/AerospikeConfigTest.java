package io.github.ycsbkv.provision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AerospikeConfigTest {

  private static final long GIB = 1L << 30;

  @TempDir
  Path tmp;

  /** ycsb2025 at scale 1 is 1.75 GB of Aerospike data: 2G left no room for its updates. */
  @Test
  void dataSize_isHalfTheMachinesMemory_atLeast2G() {
    assertEquals("12G", AerospikeConfig.dataSize(24 * GIB));
    assertEquals("11G", AerospikeConfig.dataSize(23 * GIB + GIB / 2));
    assertEquals("2G", AerospikeConfig.dataSize(5 * GIB));
    assertEquals("2G", AerospikeConfig.dataSize(GIB));
    assertEquals("32G", AerospikeConfig.dataSize(64 * GIB));
    // A cluster's nodes on this machine share the half: 3 nodes of 24 GiB get 4G each.
    assertEquals("4G", AerospikeConfig.dataSize(24 * GIB / 3));
    long machine = Long.parseLong(AerospikeConfig.dataSizeEach(1).replace("G", ""));
    long perNode = Long.parseLong(AerospikeConfig.dataSizeEach(3).replace("G", ""));
    assertTrue(perNode == 2 || perNode * 3 <= machine + 2, machine + "G alone, " + perNode + "G for each of 3");
  }

  @Test
  void config_namesTheDataSize_andTheLoopbackPort() throws Exception {
    String conf = AerospikeConfig.server(tmp, 3100, "12G");
    assertTrue(conf.contains("\n    data-size 12G\n"), conf);
    assertTrue(conf.contains("\n    port 3100\n"), conf);
    assertTrue(conf.contains("namespace test {"), conf);
  }
}
