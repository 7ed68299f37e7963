package io.github.ycsbkv.internal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DB class compiled outside ycsb-kv, as an upstream binding jar is, runs when given with -cp or
 * YCSB_CLASSPATH-style entries.
 */
class ExtraClasspathTest {

  @TempDir
  Path tmp;

  private Path compileOutsideDb() throws Exception {
    Path src = tmp.resolve("src/com/example/CountingDB.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, String.join("\n",
        "package com.example;",
        "import java.util.*;",
        "import site.ycsb.*;",
        "public class CountingDB extends DB {",
        "  public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) { return Status.NOT_FOUND; }",
        "  public Status scan(String t, String s, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {",
        "    return Status.OK; }",
        "  public Status update(String t, String k, Map<String, ByteIterator> v) { return Status.OK; }",
        "  public Status insert(String t, String k, Map<String, ByteIterator> v) { return Status.OK; }",
        "  public Status delete(String t, String k) { return Status.OK; }",
        "}"));
    Path classes = tmp.resolve("classes");
    Files.createDirectories(classes);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int rc = javac.run(null, null, null, "-classpath", System.getProperty("java.class.path"),
        "-d", classes.toString(), src.toString());
    assertEquals(0, rc, "test setup: javac");
    return classes;
  }

  @Test
  void run_dbClassFromExtraClasspath_runsAndItsMissesAreNotErrors() throws Exception {
    Path classes = compileOutsideDb();
    CliRun run = CliRun.of("run", "com.example.CountingDB", "-cp", classes.toString(),
        "-P", Path.of("..", "workloads", "workloadc").toString(), "-p", "operationcount=50");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("50", run.summary("READ-FAILED", "Operations"));
    assertEquals("50", run.summary("READ", "Return=NOT_FOUND"));
  }

  @Test
  void create_wildcardEntry_addsEveryJarOfTheDirectory() throws Exception {
    Path dir = tmp.resolve("jars");
    Files.createDirectories(dir);
    Files.write(dir.resolve("a.jar"), new byte[0]);
    Files.write(dir.resolve("b.jar"), new byte[0]);
    Files.write(dir.resolve("notes.txt"), new byte[0]);
    java.net.URLClassLoader loader = (java.net.URLClassLoader) ExtraClasspath.create(
        List.of(dir + "/*"), null, getClass().getClassLoader());
    assertEquals(2, loader.getURLs().length);
  }
}
