package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.it.Store.Choice;
import io.github.ycsbkv.it.Store.Kind;
import io.github.ycsbkv.it.Store.Provision;
import io.github.ycsbkv.it.Store.Step;
import org.junit.jupiter.api.Test;

/** How the integration tests choose and define their stores; no server or Docker engine needed. */
class StoreTest {

  private static final String NO_DOCKER = "no Docker engine answers (socket not found)";

  @Test
  void auto_takesTheGivenAddress_thenAContainer_thenTheBinary() {
    assertEquals(Step.GIVEN, Store.choose(Kind.REDIS, Provision.AUTO, "redis://h:1", null, true, true).step());
    assertEquals(Step.CONTAINER, Store.choose(Kind.REDIS, Provision.AUTO, null, null, true, true).step());
    assertEquals(Step.BINARY, Store.choose(Kind.REDIS, Provision.AUTO, "  ", NO_DOCKER, true, true).step());
  }

  @Test
  void auto_withNothing_skipsUnlessRequired_sayingWhatWasMissing_withDockersCause() {
    Choice skip = Store.choose(Kind.VALKEY, Provision.AUTO, null, NO_DOCKER, false, false);
    assertEquals(Step.NONE, skip.step());
    assertFalse(skip.fails());
    assertEquals("no it.valkey.url given, no Docker engine answers (socket not found), and valkey-server is not on PATH:"
        + " skipping valkey tests", skip.why());
    assertTrue(Store.choose(Kind.VALKEY, Provision.AUTO, null, NO_DOCKER, false, true).fails());
  }

  @Test
  void containerDemanded_neverFallsBackToTheBinaryOrTheGivenAddress() {
    Choice c = Store.choose(Kind.DRAGONFLY, Provision.CONTAINER, "redis://h:1", NO_DOCKER, true, true);
    assertEquals(Step.NONE, c.step());
    assertTrue(c.fails());
    assertEquals("it.provision=container, but no Docker engine answers (socket not found): skipping dragonfly tests",
        c.why());
    assertEquals(Step.CONTAINER, Store.choose(Kind.DRAGONFLY, Provision.CONTAINER, "redis://h:1", null, true, true).step());
  }

  @Test
  void binaryOrGivenDemanded_takeOnlyThatWay() {
    assertEquals(Step.BINARY, Store.choose(Kind.AEROSPIKE, Provision.BINARY, "h:3000", null, true, true).step());
    Choice noAsd = Store.choose(Kind.AEROSPIKE, Provision.BINARY, null, null, false, false);
    assertEquals("it.provision=binary, but asd is not on PATH: skipping aerospike tests", noAsd.why());
    assertEquals(Step.GIVEN, Store.choose(Kind.KEYDB, Provision.GIVEN, "redis://h:1", null, true, true).step());
    Choice noUrl = Store.choose(Kind.KEYDB, Provision.GIVEN, null, null, true, true);
    assertEquals(Step.NONE, noUrl.step());
    assertTrue(noUrl.why().startsWith("it.provision=given, but no it.keydb.url (or IT_KEYDB_URL) is given"), noUrl.why());
  }

  @Test
  void provisionProperty_acceptsTheFourWays_andRefusesOthersInWords() {
    String before = System.getProperty("it.provision");
    try {
      System.setProperty("it.provision", " Container ");
      assertEquals(Provision.CONTAINER, Provision.configured());
      System.setProperty("it.provision", "docker");
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          Provision::configured);
      assertEquals("it.provision=docker: expected auto, given, container or binary", e.getMessage());
    } finally {
      if (before == null) {
        System.clearProperty("it.provision");
      } else {
        System.setProperty("it.provision", before);
      }
    }
  }

  @Test
  void architecture_isReadFromTheElfHeader() throws Exception {
    java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("ycsbkv-elf-");
    try {
      byte[] x86 = new byte[64];
      byte[] arm = new byte[64];
      for (byte[] b : new byte[][] {x86, arm}) {
        b[0] = 0x7f;
        b[1] = 'E';
        b[2] = 'L';
        b[3] = 'F';
        b[4] = 2; // 64-bit
        b[5] = 1; // little-endian
      }
      x86[18] = 0x3e;
      arm[18] = (byte) 0xb7;
      java.nio.file.Path a = java.nio.file.Files.write(dir.resolve("x86"), x86);
      java.nio.file.Path b = java.nio.file.Files.write(dir.resolve("arm"), arm);
      java.nio.file.Path c = java.nio.file.Files.writeString(dir.resolve("script"), "#!/bin/sh\nexec true\n");
      assertEquals("x86_64", StoreBinaries.architecture(a));
      assertEquals("aarch64", StoreBinaries.architecture(b));
      assertEquals("not an ELF file", StoreBinaries.architecture(c));
      String before = System.getProperty("it.aarch64");
      System.setProperty("it.aarch64", "redis,valkey");
      try {
        StoreBinaries.require("valkey", b, StoreBinaries.architecture(b));
        StoreBinaries.require("dragonfly", a, StoreBinaries.architecture(a));
        AssertionError e = assertThrows(AssertionError.class,
            () -> StoreBinaries.require("valkey", a, StoreBinaries.architecture(a)));
        assertTrue(e.getMessage().contains("is x86_64, but it.aarch64 lists valkey"), e.getMessage());
      } finally {
        if (before == null) {
          System.clearProperty("it.aarch64");
        } else {
          System.setProperty("it.aarch64", before);
        }
      }
    } finally {
      try (var files = java.nio.file.Files.list(dir)) {
        for (java.nio.file.Path f : files.toList()) {
          java.nio.file.Files.delete(f);
        }
      }
      java.nio.file.Files.delete(dir);
    }
  }
}
