package io.github.ycsbkv.config;

import java.io.IOException;
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

  /**
   * Reads one {@code -P} file: as UTF-8 when it is valid UTF-8, else as ISO-8859-1, which is how
   * upstream YCSB reads it ({@code Properties.load(InputStream)}); a file with NUL bytes is not a
   * property file, and says so.
   */
  public static Properties readFile(String file) {
    Path path = resolve(file);
    Properties props = new Properties();
    try {
      byte[] bytes = Files.readAllBytes(path);
      for (byte b : bytes) {
        if (b == 0) {
          throw new UserError("workload file '" + file + "' is not a text file (it contains NUL bytes); give a"
              + " property file such as workloads/workloada");
        }
      }
      String text;
      try {
        text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
      } catch (java.nio.charset.CharacterCodingException notUtf8) {
        text = new String(bytes, StandardCharsets.ISO_8859_1);
      }
      props.load(new java.io.StringReader(text));
    } catch (NoSuchFileException e) {
      throw new UserError("workload file '" + file + "' not found (looked in the current directory"
          + (home() == null ? "" : " and in " + home()) + ")");
    } catch (IOException | IllegalArgumentException e) {
      throw new UserError("cannot read workload file '" + file + "': " + UserError.describe(e));
    }
    return props;
  }

  /** {@code file} as given, or under the ycsb-kv directory when it is relative and not in the current one. */
  public static Path resolve(String file) {
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
