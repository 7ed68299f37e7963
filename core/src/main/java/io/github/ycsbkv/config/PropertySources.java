package io.github.ycsbkv.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * Builds the benchmark's properties the way YCSB does: {@code -P} files in the order given (a later
 * file wins), then {@code -p key=value} pairs in the order given (they win over every file).
 *
 * <p>A relative {@code -P} path is looked up in the current directory first and then in the
 * ycsb-kv home directory (the {@code ycsbkv.home} system property that {@code bin/ycsb} sets), so
 * {@code -P workloads/readheavy} works from any directory. Stateless and thread-safe.
 */
public final class PropertySources {

  /** System property naming the ycsb-kv installation directory. */
  public static final String HOME_PROPERTY = "ycsbkv.home";

  private PropertySources() {}

  /** Loads the files, then applies the overrides. */
  public static Properties load(List<String> files, List<String> overrides) {
    Properties props = new Properties();
    for (String file : files) {
      props.putAll(readFile(file));
    }
    for (String pair : overrides) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw new UserError("-p expects key=value, got '" + Secrets.redactText(pair) + "'");
      }
      props.setProperty(pair.substring(0, eq).trim(), pair.substring(eq + 1));
    }
    return props;
  }

  /** Reads one {@code -P} file. */
  public static Properties readFile(String file) {
    Path path = resolve(file);
    Properties props = new Properties();
    try (Reader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      props.load(reader);
    } catch (NoSuchFileException e) {
      throw new UserError("workload file '" + file + "' not found (looked in the current directory"
          + (home() == null ? "" : " and in " + home()) + ")");
    } catch (IOException | IllegalArgumentException e) {
      throw new UserError("cannot read workload file '" + file + "': " + UserError.describe(e));
    }
    return props;
  }

  private static Path resolve(String file) {
    Path path = Path.of(file);
    if (!path.isAbsolute() && !Files.exists(path) && home() != null) {
      Path inHome = Path.of(home()).resolve(path);
      if (Files.exists(inHome)) {
        return inHome;
      }
    }
    return path;
  }

  private static String home() {
    return System.getProperty(HOME_PROPERTY);
  }
}
