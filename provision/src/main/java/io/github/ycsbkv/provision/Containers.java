package io.github.ycsbkv.provision;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.DockerClientFactory;

/** Whether a Docker engine answers here, as Testcontainers finds one, and if not, Testcontainers' own cause. */
public final class Containers {

  private static String reason;
  private static String architecture;

  private Containers() {}

  /** Why no container can be started here (with Testcontainers' cause and where it looked), or null. */
  public static synchronized String dockerUnavailable() {
    if (reason == null) {
      try {
        DockerClientFactory.instance().client();
        reason = "";
      } catch (Throwable e) {
        reason = "no Docker engine answers (" + causes(e) + "; " + where() + ")";
      }
    }
    return reason.isEmpty() ? null : reason;
  }

  /**
   * The architecture of the machine the Docker engine runs containers on ({@code docker info}'s Architecture:
   * {@code x86_64}, {@code aarch64}), or, when no engine answers or it does not say, this JVM's {@code os.arch}.
   * Asked once per process.
   */
  public static synchronized String engineArchitecture() {
    if (architecture == null) {
      String reported = null;
      if (dockerUnavailable() == null) {
        try {
          reported = DockerClientFactory.instance().getInfo().getArchitecture();
        } catch (RuntimeException e) {
          reported = null;
        }
      }
      architecture = architecture(reported, System.getProperty("os.arch", ""));
    }
    return architecture;
  }

  private static Boolean hostNetwork;

  /**
   * Whether containers can share this machine's network (Docker's host networking): a Linux client with an engine
   * that runs here, not Docker Desktop's virtual machine, whose "host" is the machine's own. Asked once per process.
   */
  public static synchronized boolean hostNetworking() {
    if (hostNetwork == null) {
      boolean linux = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux");
      String os = "";
      if (linux && dockerUnavailable() == null) {
        try {
          os = String.valueOf(DockerClientFactory.instance().getInfo().getOperatingSystem());
        } catch (RuntimeException e) {
          os = "Docker Desktop?"; // unknown: not assumed to be this machine's network
        }
      }
      hostNetwork = hostNetworking(linux, dockerUnavailable() == null, os);
    }
    return hostNetwork;
  }

  /**
   * Whether a client on Linux ({@code linux}) shares its network with an engine that answers ({@code engine}) and
   * reports {@code engineOs} as its operating system.
   */
  static boolean hostNetworking(boolean linux, boolean engine, String engineOs) {
    return linux && engine && !engineOs.contains("Docker Desktop");
  }

  /** What the engine reported, when it did, else {@code osArch}. */
  static String architecture(String engineReported, String osArch) {
    return engineReported == null || engineReported.isBlank() ? osArch : engineReported.strip();
  }

  /** Where a Docker engine was looked for, as Testcontainers' default strategies look. */
  public static String where() {
    String host = System.getenv("DOCKER_HOST");
    if (host != null && !host.isBlank()) {
      return "DOCKER_HOST=" + host;
    }
    Path sock = Path.of("/var/run/docker.sock");
    return "DOCKER_HOST is not set and " + sock + (Files.exists(sock) ? " does not answer" : " does not exist");
  }

  /** The distinct first lines of the messages along {@code e}'s cause chain, at most 400 characters. */
  public static String causes(Throwable e) {
    List<String> parts = new ArrayList<>();
    for (Throwable t = e; t != null && parts.size() < 6; t = t.getCause()) {
      String m = t.getMessage() == null ? t.getClass().getSimpleName()
          : t.getMessage().strip().lines().findFirst().orElse(t.getClass().getSimpleName());
      if (parts.stream().noneMatch(p -> p.contains(m))) {
        parts.add(m);
      }
    }
    String text = String.join(": ", parts);
    return text.length() <= 400 ? text : text.substring(0, 397) + "...";
  }
}
