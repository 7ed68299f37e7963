package io.github.ycsbkv.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How {@code -P} files are read: UTF-8, ISO-8859-1 as upstream reads them, and words for a binary file. */
class PropertySourcesTest {

  @TempDir
  Path tmp;

  @Test
  void utf8File_keepsItsCharacters() throws Exception {
    Path f = Files.write(tmp.resolve("utf8"), "label=caf\\u00e9 \u00e9t\u00e9\n".getBytes(StandardCharsets.UTF_8));
    assertEquals("café été", PropertySources.load(List.of(f.toString()), List.of()).getProperty("label"));
  }

  /** Regression (hardening issue, item 7): a Latin-1 file failed with "Input length = 1". */
  @Test
  void latin1File_isReadAsJavaPropertiesReadsIt() throws Exception {
    Path f = Files.write(tmp.resolve("latin1"), "recordcount=10\nlabel=\u00e9t\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
    var p = PropertySources.load(List.of(f.toString()), List.of());
    assertEquals("10", p.getProperty("recordcount"));
    assertEquals("été", p.getProperty("label"));
  }

  @Test
  void binaryFile_isOneLineInWords() throws Exception {
    Path f = Files.write(tmp.resolve("bin"), new byte[] {0x7f, 'E', 'L', 'F', 0, 0, 1});
    UserError e = assertThrows(UserError.class, () -> PropertySources.load(List.of(f.toString()), List.of()));
    assertEquals("workload file '" + f + "' is not a text file (it contains NUL bytes); give a property file such as"
        + " workloads/workloada", e.getMessage());
  }
}
