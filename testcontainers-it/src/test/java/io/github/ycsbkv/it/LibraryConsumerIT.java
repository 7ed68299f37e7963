package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ycsb-kv as a Maven dependency (#34): a project of its own ({@code src/test/consumer}), which depends only on the
 * installed {@code ycsb-kv-dragonfly} artifact, is built with Maven and run against a real Dragonfly. The artifacts
 * of the build under test (each module's jar and POM, the parent POM) are installed into a local repository of this
 * test's own, in the layout {@code mvn install} writes; everything else (third-party jars, Maven's plugins) comes
 * read-only from the machine's repository ({@code maven.repo.local.tail}), offline.
 */
class LibraryConsumerIT {

  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
  private static final List<String> MODULES = List.of("core", "bindings/resp", "bindings/dragonfly");

  @TempDir
  Path tmp;

  @Test
  void consumerProject_dependingOnTheInstalledDragonflyArtifact_buildsAndRunsABenchmark() throws Exception {
    String version = version();
    Path repo = tmp.resolve("repository");
    install(repo, "ycsb-kv-parent", version, HOME.resolve("pom.xml"), null);
    for (String module : MODULES) {
      Path dir = HOME.resolve(module);
      String artifact = artifactId(dir.resolve("pom.xml"));
      install(repo, artifact, version, dir.resolve("pom.xml"), dir.resolve("target").resolve(artifact + "-" + version
          + ".jar"));
    }
    Path project = tmp.resolve("consumer");
    copyTree(HOME.resolve("testcontainers-it/src/test/consumer"), project);
    Path pom = project.resolve("pom.xml");
    Files.writeString(pom, Files.readString(pom).replace("YCSBKV_VERSION", version));
    Path classpath = tmp.resolve("classpath.txt");
    Run build = run(project, List.of(HOME.resolve("mvnw").toString(), "-B", "-q", "-o",
        "-Dmaven.repo.local=" + repo, "-Dmaven.repo.local.tail=" + machineRepository(), "compile",
        "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath", "-Dmdep.outputFile=" + classpath));
    assertEquals(0, build.code(), build.output());
    String cp = project.resolve("target/classes") + java.io.File.pathSeparator
        + Files.readString(classpath).strip();
    assertTrue(cp.contains("ycsb-kv-dragonfly-" + version + ".jar") && !cp.contains("ycsb-kv-redis"), cp);
    try (Store store = Store.provision(Store.Kind.DRAGONFLY)) {
      List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
          cp, "example.Consumer", HOME.resolve("workloads/readheavy").toString(), store.host(),
          Integer.toString(store.port())));
      if (CiPasses.emulated()) {
        // Under qemu the consumer's cold JVM took more than the default 2 s to read the binding's first reply
        // ("did not answer within 2000 ms (Read timed out)"), although the x86_64 Dragonfly had answered.
        command.add("dragonfly.timeout=20000");
      }
      Run consumer = run(project, command);
      assertEquals(0, consumer.code(), consumer.output());
      Matcher m = Pattern.compile("loaded=(\\d+) ran=(\\d+) stop=(\\S+) read\\.p99\\.us=([0-9.]+) server=(\\S+)")
          .matcher(consumer.output());
      assertTrue(m.find(), consumer.output());
      assertEquals("1000", m.group(1), "every record loaded: " + consumer.output());
      assertEquals("5000", m.group(2), "every operation ran");
      assertEquals("completed", m.group(3));
      assertTrue(Double.parseDouble(m.group(4)) > 0, "a READ P99 was measured: " + m.group(4));
      assertEquals("dragonfly", m.group(5), "the binding's server probe ran too");
    }
  }

  private record Run(int code, String output) {}

  private static Run run(Path dir, List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    byte[] out = p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(300, TimeUnit.SECONDS), "finished: " + command);
    return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
  }

  /** {@code pom} (and {@code jar}, unless null) where {@code mvn install} puts them. */
  private static void install(Path repo, String artifact, String version, Path pom, Path jar) throws IOException {
    Path dir = repo.resolve("io/github/ycsbkv").resolve(artifact).resolve(version);
    Files.createDirectories(dir);
    Files.copy(pom, dir.resolve(artifact + "-" + version + ".pom"), StandardCopyOption.REPLACE_EXISTING);
    if (jar != null) {
      assertTrue(Files.isRegularFile(jar), jar + " was built (the reactor packages every module first)");
      Files.copy(jar, dir.resolve(artifact + "-" + version + ".jar"), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** The project's version, from the parent POM. */
  private static String version() throws IOException {
    Matcher m = Pattern.compile("<artifactId>ycsb-kv-parent</artifactId>\\s*<version>([^<]+)</version>")
        .matcher(Files.readString(HOME.resolve("pom.xml")));
    assertTrue(m.find(), "the parent POM names its version");
    return m.group(1);
  }

  private static String artifactId(Path pom) throws IOException {
    Matcher m = Pattern.compile("</parent>\\s*<artifactId>([^<]+)</artifactId>").matcher(Files.readString(pom));
    assertTrue(m.find(), pom + " names its artifact");
    return m.group(1);
  }

  /** The repository this build resolved from: {@code maven.repo.local}, else {@code ~/.m2/repository}. */
  private static String machineRepository() {
    String given = System.getProperty("maven.repo.local");
    return given != null && !given.isBlank() ? given
        : Path.of(System.getProperty("user.home"), ".m2", "repository").toString();
  }

  private static void copyTree(Path from, Path to) throws IOException {
    List<Path> all = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(from)) {
      walk.forEach(all::add);
    }
    for (Path p : all) {
      Path target = to.resolve(from.relativize(p).toString());
      if (Files.isDirectory(p)) {
        Files.createDirectories(target);
      } else {
        Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }
}
