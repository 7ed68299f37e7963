package io.github.ycsbkv.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Hosts of their own on this machine (#41): a network namespace for the store and one per client host, each with its
 * own address on a bridge and its own TCP stack, the bridge in a namespace of its own too, so that no traffic touches
 * the machine's own interfaces. Processes run in a host through {@code ip netns exec}, as a pod or a bare host would
 * run them. Needs root (CI has it); without it the tests that use it skip, saying how to run them. Closing stops
 * every process started here and deletes the namespaces.
 */
final class NetnsHosts implements AutoCloseable {

  private final String prefix;
  private final String subnet;
  private final int clients;
  private final List<String> namespaces = new ArrayList<>();
  private final List<Process> processes = new ArrayList<>();

  private NetnsHosts(int clients) {
    this.prefix = "ykv" + ProcessHandle.current().pid() % 100_000 + "x" + ThreadLocalRandom.current().nextInt(1000);
    this.subnet = "10.213." + ThreadLocalRandom.current().nextInt(1, 250) + ".";
    this.clients = clients;
  }

  /** A store host and {@code clients} client hosts on one bridge; skips the test when not root. */
  static NetnsHosts create(int clients) throws Exception {
    Assumptions.assumeTrue(isRoot() && RespServer.onPath("ip") != null, "network namespaces need root and iproute2:"
        + " run this test as root (sudo ./mvnw verify -pl testcontainers-it -am -Dit.test=ManyHostsIT), as CI does");
    NetnsHosts h = new NetnsHosts(clients);
    try {
      h.build();
    } catch (Exception e) {
      h.close();
      throw e;
    }
    return h;
  }

  private static boolean isRoot() {
    try {
      Process p = new ProcessBuilder("id", "-u").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes()).trim();
      return p.waitFor() == 0 && out.equals("0");
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  private void build() throws Exception {
    String sw = prefix + "-sw";
    ip("netns", "add", sw);
    namespaces.add(sw);
    ip("-n", sw, "link", "add", "br0", "type", "bridge");
    ip("-n", sw, "link", "set", "br0", "up");
    for (int i = 0; i <= clients; i++) {
      String ns = namespace(i);
      ip("netns", "add", ns);
      namespaces.add(ns);
      ip("link", "add", "eth0", "netns", ns, "type", "veth", "peer", "name", "p" + i, "netns", sw);
      ip("-n", sw, "link", "set", "p" + i, "master", "br0", "up");
      ip("-n", ns, "addr", "add", subnet + (i + 1) + "/24", "dev", "eth0");
      ip("-n", ns, "link", "set", "eth0", "up");
      ip("-n", ns, "link", "set", "lo", "up");
    }
  }

  /** Host 0 is the store's, 1.. the clients'. */
  private String namespace(int host) {
    return prefix + "-h" + host;
  }

  /** The store host's address. */
  String storeAddress() {
    return subnet + "1";
  }

  /** Client host {@code i}'s address (from 0). */
  String clientAddress(int i) {
    return subnet + (i + 2);
  }

  /** Starts {@code command} on the store's host; stopped at close. */
  Process startOnStore(List<String> command, Path log) throws IOException {
    return start(0, command, log);
  }

  /** Starts {@code command} on client host {@code i}, its output to {@code out} and {@code err}. */
  Process startOnClient(int i, List<String> command, Path out, Path err) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(exec(i + 1, command)).redirectOutput(out.toFile())
        .redirectError(err.toFile());
    pb.environment().put("YCSB_KV_NO_BUILD", "1");
    Process p = pb.start();
    processes.add(p);
    return p;
  }

  /** Runs {@code command} on the store's host and returns its output (a client of the store there: redis-cli). */
  String onStore(String... command) throws Exception {
    Process p = new ProcessBuilder(exec(0, List.of(command))).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IOException(String.join(" ", command) + " on the store's host failed: " + out);
    }
    return out;
  }

  private Process start(int host, List<String> command, Path log) throws IOException {
    Process p = new ProcessBuilder(exec(host, command)).redirectErrorStream(true).redirectOutput(log.toFile())
        .start();
    processes.add(p);
    return p;
  }

  private List<String> exec(int host, List<String> command) {
    List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", namespace(host)));
    cmd.addAll(command);
    return cmd;
  }

  private static void ip(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("ip"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IOException(String.join(" ", cmd) + " failed: " + out.trim());
    }
  }

  @Override
  public void close() throws Exception {
    for (Process p : processes) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      p.waitFor(10, TimeUnit.SECONDS);
    }
    for (int i = namespaces.size() - 1; i >= 0; i--) {
      try {
        ip("netns", "del", namespaces.get(i));
      } catch (Exception e) {
        System.err.println("[it] could not delete network namespace " + namespaces.get(i) + ": " + e.getMessage());
      }
    }
  }

  /** A temporary directory's file for a log. */
  static Path log(Path dir, String name) throws IOException {
    Files.createDirectories(dir);
    return dir.resolve(name);
  }
}
