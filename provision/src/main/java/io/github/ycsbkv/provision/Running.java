package io.github.ycsbkv.provision;

import io.github.ycsbkv.internal.provision.Provisioner.Provisioned;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/** A server started here: a process or a container, its address, and what the client needs for it. */
final class Running implements Provisioned {
  final ServerKind kind;
  /** The connecting binding's key prefix (redis. or dragonfly.); null: the store's own. */
  final String prefix;
  final String host;
  final int port;
  /** The throw-away CA of a TLS server, else null. */
  final ThrowAwayCa ca;
  final String password;
  final String description;
  final Path dir;
  final Runnable stop;
  /** Null while it runs, else how it stopped. */
  private final Supplier<String> stopped;

  Running(ServerKind kind, String prefix, String host, int port, ThrowAwayCa ca, String password, String description,
      Path dir, Runnable stop, Supplier<String> stopped) {
    this.kind = kind;
    this.prefix = prefix != null ? prefix : LocalServers.keyPrefix(kind, null);
    this.host = host;
    this.port = port;
    this.ca = ca;
    this.password = password;
    this.description = description;
    this.dir = dir;
    this.stop = stop;
    this.stopped = stopped;
  }

  @Override
  public Map<String, String> properties() {
    Map<String, String> p = new LinkedHashMap<>();
    if (kind == ServerKind.AEROSPIKE) {
      p.put("as.host", host + ":" + port);
      p.put("as.namespace", "test");
      return p;
    }
    p.put(prefix + "host", host);
    p.put(prefix + "port", Integer.toString(port));
    if (ca != null) {
      p.put(prefix + "tls", "true");
      p.put(prefix + "tls.cafile", ca.caCert().toString());
    }
    if (password != null) {
      p.put(prefix + "password", password);
    }
    return p;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public String stopped() {
    return stopped.get();
  }

  /** Its log files ({@code server.log}, Aerospike's {@code asd.log}) as {@code BINARY-PORT[-asd].log} in {@code into}. */
  @Override
  public List<Path> keepLogs(Path into) throws IOException {
    List<Path> kept = new ArrayList<>();
    for (String name : List.of("server.log", "asd.log")) {
      Path log = dir == null ? null : dir.resolve(name);
      if (log != null && Files.isRegularFile(log)) {
        Files.createDirectories(into);
        Path to = into.resolve(kind.binary() + "-" + port + (name.equals("asd.log") ? "-asd" : "") + ".log");
        Files.copy(log, to, StandardCopyOption.REPLACE_EXISTING);
        kept.add(to);
      }
    }
    return kept;
  }

  /** Each of {@code servers}' logs in {@code into} ({@link #keepLogs(Path)}). */
  static List<Path> keepLogs(List<Running> servers, Path into) throws IOException {
    List<Path> kept = new ArrayList<>();
    for (Running r : servers) {
      kept.addAll(r.keepLogs(into));
    }
    return kept;
  }

  /** The port clients connect to. */
  int port() {
    return port;
  }

  @Override
  public void close() {
    stop.run();
    LocalServers.deleteTree(dir);
  }
}
