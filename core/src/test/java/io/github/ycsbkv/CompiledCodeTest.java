package io.github.ycsbkv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.engine.Benchmark;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The build's javac flags, read from what they made: no class of this module concatenates strings through
 * invokedynamic. Each such concatenation's first run spins method-handle classes at start, about 150 of them, and the
 * JIT then spends its threads on the class writer that made them (docs/benchmarks.md).
 */
class CompiledCodeTest {

  @Test
  void noStringConcatenationByInvokedynamic() throws Exception {
    Path classes = Path.of(Benchmark.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<Path> files;
    try (Stream<Path> walk = Files.walk(classes)) {
      files = walk.filter(p -> p.toString().endsWith(".class")).collect(Collectors.toList());
    }
    assertTrue(files.size() > 100, "core's classes found under " + classes + ": " + files.size());
    List<String> indy = files.stream().filter(CompiledCodeTest::concatenatesByIndy)
        .map(p -> classes.relativize(p).toString()).collect(Collectors.toList());
    assertEquals(List.of(), indy, "classes compiled without -XDstringConcat=inline");
  }

  private static boolean concatenatesByIndy(Path classFile) {
    try {
      // The bootstrap method's name is a constant of every class that uses it.
      return new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1).contains("makeConcatWithConstants");
    } catch (IOException e) {
      throw new IllegalStateException(classFile + ": " + e.getMessage(), e);
    }
  }
}
