package io.github.ycsbkv.provision;

import java.util.Locale;

/**
 * The five stores' servers: the binary on PATH, the pinned container image and the port inside it. The
 * images are those the integration tests pin (multi-arch, or one tag per architecture for KeyDB).
 */
public enum ServerKind {
  REDIS("redis-server", "redis:7.4.5", 6379),
  VALKEY("valkey-server", "valkey/valkey:8.1.3", 6379),
  // KeyDB publishes one tag per architecture rather than a multi-arch manifest.
  KEYDB("keydb-server", arm64() ? "eqalpha/keydb:arm64_v6.3.4" : "eqalpha/keydb:x86_64_v6.3.4", 6379),
  DRAGONFLY("dragonfly", "ghcr.io/dragonflydb/dragonfly:v1.36.0", 6379),
  AEROSPIKE("asd", "aerospike:ce-8.1.0.1_1", 3000);

  private final String binary;
  private final String image;
  private final int containerPort;

  ServerKind(String binary, String image, int containerPort) {
    this.binary = binary;
    this.image = image;
    this.containerPort = containerPort;
  }

  /** The server binary's name on PATH. */
  public String binary() {
    return binary;
  }

  /** The pinned image. */
  public String image() {
    return image;
  }

  /** The port the server listens on inside its container. */
  public int containerPort() {
    return containerPort;
  }

  /** The binding (and store) name: redis, valkey, keydb, dragonfly, aerospike. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether the server speaks RESP (every kind but Aerospike). */
  public boolean resp() {
    return this != AEROSPIKE;
  }

  /** The kind named {@code name} (a store or binding name), or null. */
  public static ServerKind of(String name) {
    for (ServerKind k : values()) {
      if (k.id().equalsIgnoreCase(name)) {
        return k;
      }
    }
    return null;
  }

  private static boolean arm64() {
    String arch = System.getProperty("os.arch", "");
    return arch.equals("aarch64") || arch.equals("arm64");
  }
}
