package io.github.ycsbkv.provision;

import java.util.Locale;

/**
 * The five stores' servers: the binary on PATH, the pinned container image and the port inside it. The
 * images are those the integration tests pin: multi-arch, or for KeyDB one tag per architecture, chosen by the
 * Docker engine's architecture ({@link #image()}).
 */
public enum ServerKind {
  REDIS("redis-server", "redis:7.4.5", 6379),
  VALKEY("valkey-server", "valkey/valkey:8.1.3", 6379),
  // KeyDB publishes one tag per architecture rather than a multi-arch manifest: image(architecture) picks.
  KEYDB("keydb-server", "eqalpha/keydb:x86_64_v6.3.4", 6379),
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

  /**
   * The pinned image for the Docker engine that runs it: {@link #image(String)} of the engine's architecture
   * ({@link Containers#engineArchitecture()}, the JVM's {@code os.arch} when no engine answers). Not the JVM's own:
   * an x86_64 JDK under Rosetta on Apple Silicon, or a {@code DOCKER_HOST} of the other architecture, runs the
   * other architecture's containers.
   */
  public String image() {
    return image(Containers.engineArchitecture());
  }

  /**
   * The pinned image for an engine of {@code architecture} (as {@code docker info} reports it: {@code x86_64},
   * {@code aarch64}; {@code os.arch} spellings {@code amd64} and {@code arm64} too): KeyDB's arm64 tag on ARM64, the
   * one multi-arch image for the other stores.
   */
  public String image(String architecture) {
    return this == KEYDB && arm64(architecture) ? "eqalpha/keydb:arm64_v6.3.4" : image;
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

  private static boolean arm64(String architecture) {
    String arch = architecture == null ? "" : architecture.trim().toLowerCase(Locale.ROOT);
    return arch.equals("aarch64") || arch.equals("arm64") || arch.startsWith("armv8");
  }
}
