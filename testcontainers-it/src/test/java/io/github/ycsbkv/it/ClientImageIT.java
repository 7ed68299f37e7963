package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.utility.DockerImageName;

/**
 * The client image as {@code deploy/Dockerfile} builds it, run as {@code deploy/k8s/clients.yaml} runs its pods (#41):
 * three containers of the image on one Docker network, each with the manifest's own command, arguments and
 * environment and its {@code JOB_COMPLETION_INDEX}, client 0 reachable by the DNS name the headless Service gives pod 0
 * (here a network alias), the results on one shared directory as on the Job's volume; then {@code merge.yaml}'s command
 * in a fourth. What the manifests start is what this test started; only the store's address, the record count, the
 * duration and the number of clients are the test's (the manifest says to edit them).
 *
 * <p>The image is built from the tree the build made ({@code --target prebuilt}) on a Java runtime image made here
 * (jlink of this JVM, on the Debian base of the Redis image, {@code JRE_IMAGE}): the Java build images are not on a
 * machine without a registry, and the Dockerfile's own build stage is what the user's {@code docker build} runs. Needs a
 * Docker engine and its {@code docker} command: CI's container pass runs it (docs/testing.md).
 */
class ClientImageIT {

  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int CLIENTS = 3;
  private static final int RECORDS = 3000;
  /** The manifest's connections per client ({@code -threads} in its script). */
  private static final int THREADS_PER_CLIENT = 16;
  private static final String CLIENT_IMAGE = "ycsb-kv-it/client:test";
  private static final String RUNTIME_IMAGE = "ycsb-kv-it/jre:17";
  /** How far apart the client pods were started (the first's start returned to the last's), in microseconds. */
  private long launchGapMicros;

  @TempDir
  Path tmp;

  @Test
  void theImage_runsTheIndexedJobsPods_theyMeetAtPod0_andTheMergeJobAddsThemUp() throws Exception {
    requireDocker();
    buildRuntimeImage();
    docker("build", "-q", "-f", "deploy/Dockerfile", "--target", "prebuilt", "--build-arg", "JRE_IMAGE=" + RUNTIME_IMAGE,
        "-t", CLIENT_IMAGE, ".");
    Container pod = container("clients.yaml");
    Map<String, String> env = new LinkedHashMap<>();
    pod.getEnv().forEach(e -> env.put(e.getName(), e.getValue()));
    env.put("CLIENTS", Integer.toString(CLIENTS));
    env.put("RECORDS", Integer.toString(RECORDS));
    env.put("DURATION", "4");
    env.put("STORE", "-p redis.host=store -p redis.port=6379");
    assertEquals("redis", env.get("BINDING"), "the manifest's binding, which the store here is for");
    Path results = Files.createDirectories(tmp.resolve("results"));

    try (Network net = Network.newNetwork();
        GenericContainer<?> store = new GenericContainer<>(DockerImageName.parse(Store.Kind.REDIS.image())
            .asCompatibleSubstituteFor("redis"))
            .withNetwork(net).withNetworkAliases("store")
            .withCommand("redis-server", "--save", "", "--appendonly", "no", "--protected-mode", "no")) {
      store.start();
      List<GenericContainer<?>> clients = new ArrayList<>();
      try {
        long firstStarted = 0;
        for (int i = 0; i < CLIENTS; i++) {
          GenericContainer<?> c = pod(pod, net, results, env).withEnv("JOB_COMPLETION_INDEX", Integer.toString(i))
              // The name pod i has through the headless Service (subdomain ycsb-kv-clients).
              .withNetworkAliases("ycsb-kv-clients-" + i + ".ycsb-kv-clients");
          c.start();
          clients.add(c);
          if (i == 0) {
            firstStarted = System.nanoTime();
          }
        }
        // How far apart the pods began, one after the other: about how far apart their runs would start without the
        // barrier (each runs its load first, the same for each).
        launchGapMicros = (System.nanoTime() - firstStarted) / 1000;
        for (int i = 0; i < CLIENTS; i++) {
          assertEquals(0, exitCode(clients.get(i), 180), "client " + i + ":\n" + clients.get(i).getLogs());
        }
      } finally {
        clients.forEach(GenericContainer::stop);
      }
      // Every record loaded once (the three slices do not overlap), and the redis binding's scan index beside them
      // (ycsbkv:idx:usertable, one entry per record: docs/bindings/redis.md).
      assertEquals(Integer.toString(RECORDS + 1), store.execInContainer("redis-cli", "dbsize").getStdout().strip());
      assertEquals(Integer.toString(RECORDS), store.execInContainer("redis-cli", "zcard", "ycsbkv:idx:usertable")
          .getStdout().strip());

      try (GenericContainer<?> m = pod(container("merge.yaml"), net, results, Map.of())) {
        m.start();
        assertEquals(0, exitCode(m, 120), "merge:\n" + m.getLogs());
      }
    }

    long sum = 0;
    List<JsonNode> runs = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      JsonNode load = JSON.readTree(results.resolve("client-" + i + "/load/result.json").toFile());
      assertEquals(RECORDS / CLIENTS, load.path("overall").path("operations").asLong(), "client " + i + "'s slice");
      JsonNode run = JSON.readTree(results.resolve("client-" + i + "/run/result.json").toFile());
      assertEquals("[" + i + "]", run.path("load").path("hosts").path("indexes").toString(), run.path("load").toString());
      sum += run.path("overall").path("operations").asLong();
      runs.add(run);
    }
    JsonNode loaded = JSON.readTree(results.resolve("merged-load/result.json").toFile());
    assertEquals(RECORDS, loaded.path("overall").path("operations").asLong());
    JsonNode all = JSON.readTree(results.resolve("merged-run/result.json").toFile());
    JsonNode hosts = all.path("load").path("hosts");
    assertEquals("[0,1,2]", hosts.path("indexes").toString(), hosts.toString());
    assertEquals(0, hosts.path("missing").size(), hosts.toString());
    assertEquals(sum, all.path("overall").path("operations").asLong(), "the merged count is the sum");
    assertTrue(sum > 0, "the clients ran operations");
    assertEquals(CLIENTS * THREADS_PER_CLIENT, all.path("load").path("connections").asInt(), all.path("load").toString());
    long spread = hosts.path("startSpreadMicros").asLong(-1);
    System.out.println("[it] client image: 3 containers' measured phases started " + spread + " us apart (launched "
        + launchGapMicros + " us apart); merged "
        + sum + " operations at " + Math.round(all.path("overall").path("throughputOpsPerSec").asDouble()) + " ops/s");
    // Held to what the pods measured themselves, not to a time (a loaded machine wakes a pod's JVM late).
    assertEquals(hosts.path("startAt").asText(), runs.get(0).path("load").path("hosts").path("startAt").asText(),
        "one instant from the barrier");
    ManyHostsIT.assertSpreadOfTheirOwnStarts(spread, runs, hosts.toString());
  }

  /** A container as the manifest's container spec {@code spec} describes it: its command, arguments and env. */
  private static GenericContainer<?> pod(Container spec, Network net, Path results, Map<String, String> env) {
    assertTrue(spec.getImage().startsWith("ycsb-kv:"), "the manifest runs the client image: " + spec.getImage());
    assertEquals("/results", spec.getVolumeMounts().get(0).getMountPath());
    return new GenericContainer<>(DockerImageName.parse(CLIENT_IMAGE))
        .withNetwork(net)
        .withEnv(env)
        // The shared volume as a bind given to the engine directly: Testcontainers' own binds first probe the engine
        // with a container of an image (alpine) a machine without a registry has not.
        .withCreateContainerCmdModifier(cmd -> cmd.withEntrypoint(spec.getCommand().toArray(String[]::new))
            .getHostConfig().withBinds(new Bind(results.toString(), new Volume("/results"))))
        .withCommand(spec.getArgs().toArray(String[]::new));
  }

  /** Waits for {@code c} to exit; its exit code. */
  private static long exitCode(GenericContainer<?> c, int seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (System.nanoTime() < deadline) {
      InspectContainerResponse.ContainerState s = DockerClientFactory.instance().client()
          .inspectContainerCmd(c.getContainerId()).exec().getState();
      if (!Boolean.TRUE.equals(s.getRunning())) {
        return s.getExitCodeLong();
      }
      Thread.sleep(500);
    }
    fail("still running after " + seconds + " s:\n" + c.getLogs());
    return -1;
  }

  /**
   * A Java runtime image: this JVM's modules that ycsb-kv uses, linked (jlink) onto the Debian base of the Redis image
   * the tests use, where the Temurin images keep theirs.
   */
  private void buildRuntimeImage() throws Exception {
    Path ctx = Files.createDirectories(tmp.resolve("jre-image"));
    Path jlink = Path.of(System.getProperty("java.home"), "bin", "jlink");
    run(List.of(jlink.toString(), "--add-modules", "java.base,java.logging,java.management,jdk.management,java.naming,"
        + "java.net.http,jdk.unsupported,java.xml,java.sql,java.desktop,jdk.crypto.ec,java.security.jgss,"
        + "jdk.httpserver,jdk.zipfs,java.instrument", "--strip-debug", "--no-header-files", "--no-man-pages",
        "--output", ctx.resolve("jre").toString()), HOME);
    Files.writeString(ctx.resolve("Dockerfile"), "FROM " + Store.Kind.REDIS.image() + "\n"
        + "COPY jre /opt/java/openjdk\n"
        + "ENV JAVA_HOME=/opt/java/openjdk PATH=/opt/java/openjdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin"
        + ":/sbin:/bin\n"
        + "ENTRYPOINT []\nCMD [\"java\", \"-version\"]\n");
    run(List.of("docker", "build", "-q", "-t", RUNTIME_IMAGE, "."), ctx);
  }

  private static void docker(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("docker"));
    cmd.addAll(List.of(args));
    run(cmd, HOME);
  }

  private static void run(List<String> cmd, Path dir) throws Exception {
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(600, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail(String.join(" ", cmd) + ": still running after 600 s");
    }
    assertEquals(0, p.exitValue(), String.join(" ", cmd) + ":\n" + out);
  }

  /** The container of the Job in {@code deploy/k8s/FILE}, read as {@link KubernetesManifestsTest} reads it. */
  private static Container container(String file) throws Exception {
    for (KubernetesResource r : KubernetesManifestsTest.read(HOME.resolve("deploy/k8s").resolve(file))) {
      if (r instanceof Job job) {
        return job.getSpec().getTemplate().getSpec().getContainers().get(0);
      }
    }
    throw new AssertionError("no Job in deploy/k8s/" + file);
  }

  /**
   * Skips without a Docker engine (the binary and ARM64 passes have none), except where containers were asked for
   * ({@code it.provision=container}: CI's container pass), where it must run.
   */
  private static void requireDocker() {
    boolean asked = "container".equals(System.getProperty("it.provision",
        System.getenv().getOrDefault("IT_PROVISION", "auto")));
    boolean available = DockerClientFactory.instance().isDockerAvailable();
    if (asked) {
      assertTrue(available, "it.provision=container, but no Docker engine answers");
    }
    Assumptions.assumeTrue(available, "no Docker engine: the image is built and run in CI's container pass");
  }
}
