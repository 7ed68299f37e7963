package io.github.ycsbkv.internal.memtier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.github.ycsbkv.config.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One test suite of Redis's benchmark specification (redis/redis-benchmarks-specification, its v0.4 YAML): what it
 * names and tests, the store's settings and preload, the keyspace check, and its client or concurrent clients, each a
 * tool with its arguments (memtier_benchmark's command line for 490 of them). Immutable.
 *
 * @param file where it was read
 * @param name its {@code name}
 * @param groups {@code tested-groups} (string, hash, ...)
 * @param commands {@code tested-commands}
 * @param topologies {@code redis-topologies} (oss-standalone, oss-cluster-3-primaries, ...)
 * @param configuration {@code dbconfig.configuration-parameters}, each set with {@code CONFIG SET}
 * @param keyspaceLength {@code dbconfig.check.keyspacelen}, or -1 when it has no check
 * @param preload {@code dbconfig.preload_tool}, or null
 * @param initCommands {@code dbconfig.init_commands}, each a command's words (written as one shell-quoted line or as
 *     a list of words)
 * @param clients {@code clientconfig}, or each of {@code clientconfigs} (run at once)
 * @param dataset {@code dbconfig.dataset}: an RDB file the specification's runner loads before the server starts
 *     (its address), or null
 * @param preloadBeforeReplica {@code dbconfig.preload_before_replica}: on a topology with replicas, the preload runs
 *     with the replicas detached, which then take the data set in one full sync before the clients run
 */
record SuiteFile(Path file, String name, List<String> groups, List<String> commands, List<String> topologies,
    Map<String, String> configuration, long keyspaceLength, Tool preload, List<List<String>> initCommands,
    List<Tool> clients, String dataset, boolean preloadBeforeReplica) {

  /** A tool the suite runs, and its arguments as one shell-quoted line. */
  record Tool(String tool, String arguments) {

    boolean memtier() {
      return "memtier_benchmark".equals(tool);
    }
  }

  private static final YAMLMapper YAML = new YAMLMapper();

  /** The same suite named {@code newName}, in {@code topology} only. */
  SuiteFile in(String topology, String newName) {
    return new SuiteFile(file, newName, groups, commands, List.of(topology), configuration, keyspaceLength, preload,
        initCommands, clients, dataset, preloadBeforeReplica);
  }

  /** The suite files {@code paths} name: files as given, directories' {@code *.yml} and {@code *.yaml}, sorted. */
  static List<Path> files(List<Path> paths) {
    List<Path> out = new ArrayList<>();
    for (Path p : paths) {
      if (Files.isDirectory(p)) {
        try (Stream<Path> s = Files.list(p)) {
          s.filter(f -> f.getFileName().toString().matches(".*\\.ya?ml")).sorted().forEach(out::add);
        } catch (IOException e) {
          throw new UserError("cannot list the suite directory '" + p + "': " + UserError.describe(e));
        }
      } else if (Files.isRegularFile(p)) {
        out.add(p);
      } else {
        throw new UserError("no suite file or directory '" + p + "'");
      }
    }
    return out;
  }

  /**
   * The suite in {@code file}, or null when the file is YAML but no suite (the specification's {@code defaults.yml});
   * a file that is no YAML is a {@link UserError} naming it.
   */
  static SuiteFile read(Path file) {
    JsonNode root;
    try {
      root = YAML.readTree(file.toFile());
    } catch (IOException e) {
      throw new UserError("suite file '" + file + "' is not YAML: " + UserError.describe(e).lines().findFirst()
          .orElse(""));
    }
    if (root == null || !root.isObject() || (!root.has("clientconfig") && !root.has("clientconfigs"))) {
      return null;
    }
    JsonNode db = root.path("dbconfig");
    Map<String, String> configuration = new LinkedHashMap<>();
    db.path("configuration-parameters").fields().forEachRemaining(e -> configuration.put(e.getKey(),
        unquote(e.getValue().asText())));
    List<Tool> clients = new ArrayList<>();
    if (root.has("clientconfig")) {
      clients.add(tool(root.path("clientconfig")));
    }
    for (JsonNode c : root.path("clientconfigs")) {
      clients.add(tool(c));
    }
    List<List<String>> init = new ArrayList<>();
    // A list of commands, or one command as a line (8 of the specification's files: init_commands: '"SADD" ...').
    JsonNode inits = db.path("init_commands");
    for (JsonNode c : inits.isTextual() ? List.of(inits) : inits) {
      List<String> words = c.isArray() ? texts(c) : ShellWords.split(c.asText(), file + "'s init command");
      if (!words.isEmpty()) {
        init.add(words);
      }
    }
    return new SuiteFile(file, root.path("name").asText(file.getFileName().toString().replaceFirst("\\.ya?ml$", "")),
        texts(root.path("tested-groups")), texts(root.path("tested-commands")), texts(root.path("redis-topologies")),
        configuration, db.path("check").path("keyspacelen").asLong(-1),
        db.has("preload_tool") ? tool(db.path("preload_tool")) : null, init, clients,
        db.path("dataset").asText("").isBlank() ? null : db.path("dataset").asText().strip(),
        db.path("preload_before_replica").asBoolean(false));
  }

  private static Tool tool(JsonNode n) {
    return new Tool(n.path("tool").asText(""), n.path("arguments").asText("").strip());
  }

  private static List<String> texts(JsonNode n) {
    List<String> out = new ArrayList<>();
    n.forEach(v -> out.add(v.asText()));
    return out;
  }

  /** A parameter written {@code '""'} (an empty string) is the empty string. */
  private static String unquote(String v) {
    return v.equals("\"\"") ? "" : v;
  }

  /** Whether {@code text} (lower case) is in its name, one of its groups or one of its commands. */
  boolean matches(String text) {
    String t = text.toLowerCase(Locale.ROOT);
    return name.toLowerCase(Locale.ROOT).contains(t) || groups.stream().anyMatch(g -> g.equalsIgnoreCase(t))
        || commands.stream().anyMatch(c -> c.equalsIgnoreCase(t));
  }
}
