package io.github.ycsbkv.cli;

import io.github.ycsbkv.config.UserError;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The class loader for bindings and workloads that are not part of ycsb-kv: entries from
 * {@code -cp} and from the {@code YCSB_CLASSPATH} environment variable, separated by the platform's
 * path separator, each a jar, a directory of classes, or {@code dir/*} for every jar in a
 * directory (as {@code java -cp} takes it). So an upstream YCSB binding jar runs unchanged.
 */
final class ExtraClasspath {

  static final String ENV = "YCSB_CLASSPATH";

  private ExtraClasspath() {}

  static ClassLoader create(List<String> cpOptions, String envValue, ClassLoader parent) {
    List<String> entries = new ArrayList<>();
    for (String option : cpOptions) {
      split(option, entries);
    }
    if (envValue != null) {
      split(envValue, entries);
    }
    if (entries.isEmpty()) {
      return parent;
    }
    List<URL> urls = new ArrayList<>();
    for (String entry : entries) {
      addEntry(entry, urls);
    }
    return new URLClassLoader("ycsb-extra-classpath", urls.toArray(new URL[0]), parent);
  }

  private static void split(String value, List<String> into) {
    for (String part : value.split(File.pathSeparator)) {
      if (!part.isBlank()) {
        into.add(part.trim());
      }
    }
  }

  private static void addEntry(String entry, List<URL> urls) {
    try {
      if (entry.endsWith("/*") || entry.equals("*")) {
        Path dir = Path.of(entry.length() == 1 ? "." : entry.substring(0, entry.length() - 2));
        if (!Files.isDirectory(dir)) {
          throw new UserError("class path entry '" + entry + "': no such directory");
        }
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir, "*.{jar,JAR}")) {
          for (Path jar : jars) {
            urls.add(jar.toUri().toURL());
          }
        }
        return;
      }
      Path path = Path.of(entry);
      if (!Files.exists(path)) {
        throw new UserError("class path entry '" + entry + "' does not exist");
      }
      urls.add(path.toUri().toURL());
    } catch (MalformedURLException e) {
      throw new UserError("class path entry '" + entry + "' is not a valid path");
    } catch (IOException e) {
      throw new UserError("cannot list class path entry '" + entry + "': " + UserError.describe(e));
    }
  }
}
