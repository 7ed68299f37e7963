package io.github.ycsbkv.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import site.ycsb.WorkloadException;

/** Distributions on a fixed seed, within tolerances far wider than their sampling error. */
class GeneratorsTest {

  private static final int N = 200_000;

  @Test
  void zipfian_matchesTheoreticalFrequenciesOfTheTopRanks() {
    ZipfianSampler z = new ZipfianSampler(10, 0.99);
    SplittableRandom r = new SplittableRandom(1);
    long[] counts = new long[10];
    for (int i = 0; i < N; i++) {
      counts[(int) z.next(r)]++;
    }
    double zeta = 0;
    for (int i = 1; i <= 10; i++) {
      zeta += 1 / Math.pow(i, 0.99);
    }
    for (int rank = 0; rank < 3; rank++) {
      double expected = 1 / Math.pow(rank + 1, 0.99) / zeta;
      assertEquals(expected, counts[rank] / (double) N, 0.01, "rank " + rank);
    }
    assertTrue(counts[0] > counts[1] && counts[1] > counts[2] && counts[2] > counts[9]);
  }

  /**
   * memtier's Z: each key in proportion to its own number to the minus the exponent. Against the exact masses, for
   * exponents below, at and above 1, over ranges from 1 and from further up (where the first key weighs
   * {@code first^-s}, not {@code 1^-s}); the tolerance is six standard errors of a share of 200,000 draws.
   */
  @Test
  void powerLaw_drawsEachKeyByItsOwnNumber_exactlyForAnyExponent() {
    long[][] ranges = {{1, 100}, {1, 1_000_000}, {10, 1_000}, {1, 2}, {500, 100_000}};
    double[] exponents = {0.5, 1.0, 1.5, 0.99, 3.0};
    for (long[] range : ranges) {
      for (double s : exponents) {
        PowerLawKeys keys = new PowerLawKeys(range[0], range[1], s);
        double total = 0;
        for (long k = range[0]; k <= range[1]; k++) {
          total += Math.pow(k, -s);
        }
        int top = (int) Math.min(5, range[1] - range[0] + 1);
        long[] counts = new long[top];
        long beyondTop = 0;
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < N; i++) {
          long k = keys.next(r);
          assertTrue(k >= range[0] && k <= range[1], k + " in " + range[0] + ".." + range[1]);
          if (k - range[0] < top) {
            counts[(int) (k - range[0])]++;
          } else {
            beyondTop++;
          }
        }
        double topShare = 0;
        for (int i = 0; i < top; i++) {
          double p = Math.pow(range[0] + i, -s) / total;
          topShare += p;
          String what = "key " + (range[0] + i) + " of " + range[0] + ".." + range[1] + " at s=" + s;
          assertEquals(p, counts[i] / (double) N, 6 * Math.sqrt(p * (1 - p) / N) + 1e-9, what);
        }
        double rest = 1 - topShare;
        assertEquals(rest, beyondTop / (double) N, 6 * Math.sqrt(rest * (1 - rest) / N) + 1e-9,
            "beyond the first " + top + " keys of " + range[0] + ".." + range[1] + " at s=" + s);
      }
    }
    assertEquals(7, new PowerLawKeys(7, 7, 1).next(new SplittableRandom(1)));
    assertThrows(IllegalArgumentException.class, () -> new PowerLawKeys(0, 10, 1));
    assertThrows(IllegalArgumentException.class, () -> new PowerLawKeys(1, 10, 0));
  }

  /** The zipfian pattern with an exponent: memtier's Z over the keys' own numbers, shifted back to 1..max. */
  @Test
  void zipfianWithAnExponent_isMemtiersZ_overTheKeysOwnNumbers() throws Exception {
    // Keys 0..999 (memtier's default --key-minimum 0): numbers 1..1000, offset -1; key 0 is never drawn, key 1 the
    // hottest, at 1 / H(999).
    KeyPattern z = KeyPattern.of("zipfian", 1000, Double.NaN, Double.NaN, 1.0, -1);
    double harmonic = 0;
    for (int k = 1; k <= 999; k++) {
      harmonic += 1.0 / k;
    }
    SplittableRandom r = new SplittableRandom(3);
    long[] seq = {0};
    long first = 0;
    for (int i = 0; i < N; i++) {
      long number = z.next(r, seq);
      assertTrue(number >= 2 && number <= 1000, "key " + (number - 1) + " is not among 1..999");
      first += number == 2 ? 1 : 0;
    }
    assertEquals(1 / harmonic, first / (double) N, 0.005);
    assertEquals("a zipfian key pattern's exponent must be above 0 and below 5 (memtier's --key-zipf-exp), got 5.0",
        assertThrows(WorkloadException.class, () -> KeyPattern.of("zipfian", 10, Double.NaN, Double.NaN, 5, 0))
            .getMessage());
  }

  @Test
  void gaussian_defaultsToTheMiddleAndASixthOfTheRange() throws Exception {
    KeyPattern g = KeyPattern.of("gaussian", 3_000_000, Double.NaN, Double.NaN);
    assertEquals(1_500_000.5, g.median(), 1e-9);
    assertEquals(500_000, g.stddev(), 1e-9);
    SplittableRandom r = new SplittableRandom(2);
    double sum = 0;
    double sumSq = 0;
    long[] seq = {0};
    for (int i = 0; i < N; i++) {
      long k = g.next(r, seq);
      assertTrue(k >= 1 && k <= 3_000_000);
      sum += k;
      sumSq += (double) k * k;
    }
    double mean = sum / N;
    double sd = Math.sqrt(sumSq / N - mean * mean);
    assertEquals(1_500_000, mean, 5_000);
    // Draws outside [1, 3,000,000] (beyond 3 standard deviations) are drawn again, so the spread is
    // that of a normal truncated at +-3 sigma: sigma * sqrt(1 - 6 phi(3) / (2 Phi(3) - 1)) = 0.98658 sigma.
    assertEquals(493_290, sd, 5_000);
  }

  @Test
  void uniformAndSequential_coverTheRange() throws Exception {
    KeyPattern u = KeyPattern.of("uniform", 100, Double.NaN, Double.NaN);
    SplittableRandom r = new SplittableRandom(3);
    long[] counts = new long[101];
    long[] seq = {0};
    for (int i = 0; i < N; i++) {
      counts[(int) u.next(r, seq)]++;
    }
    assertEquals(0, counts[0]);
    for (int k = 1; k <= 100; k++) {
      assertEquals(N / 100.0, counts[k], N / 100.0 * 0.1, "key " + k);
    }
    KeyPattern s = KeyPattern.of("sequential", 3, Double.NaN, Double.NaN);
    long[] pos = {0};
    assertEquals("1 2 3 1 2", s.next(r, pos) + " " + s.next(r, pos) + " " + s.next(r, pos) + " " + s.next(r, pos)
        + " " + s.next(r, pos));
  }

  @Test
  void keyPattern_unknownName_isAClearError() {
    assertEquals("key pattern must be uniform, gaussian, zipfian or sequential, got 'pareto'",
        assertThrows(WorkloadException.class, () -> KeyPattern.of("pareto", 10, Double.NaN, Double.NaN)).getMessage());
  }

  @Test
  void range_parsesSingleValuesAndRanges() throws Exception {
    assertEquals(512, CacheWorkload.range("512", "x", "-")[1]);
    assertEquals(300, CacheWorkload.range("300-86400", "x", "-")[0]);
    assertEquals(86400, CacheWorkload.range("300-86400", "x", "-")[1]);
    assertEquals(15, CacheWorkload.range("1:15", "x", ":")[1]);
    assertThrows(WorkloadException.class, () -> CacheWorkload.range("a-b", "x", "-"));
  }

  @Test
  void objectCache_valueSizesAndTtlsStayInTheirRanges() throws Exception {
    SplittableRandom r = new SplittableRandom(4);
    for (ObjectCacheWorkload.ValueKind kind : ObjectCacheWorkload.ValueKind.values()) {
      int largest = 0;
      int smallest = Integer.MAX_VALUE;
      for (int i = 0; i < 2000; i++) {
        byte[] value = ObjectCacheWorkload.value(kind, r);
        // Regression: posts reached 2,027 B for "200-2,000", transients 5,017 for "500-5,000".
        assertTrue(value.length >= kind.min && value.length <= kind.max, kind + ": " + value.length);
        largest = Math.max(largest, value.length);
        smallest = Math.min(smallest, value.length);
        String text = new String(value, java.nio.charset.StandardCharsets.US_ASCII);
        switch (kind) {
          case SERIALIZED_ARRAY -> assertTrue(text.startsWith("a:") && text.endsWith("}"), text);
          case JSON -> assertTrue(text.startsWith("{\"id\":") && text.endsWith("{}]}"), text);
          case PAGE -> {
            assertTrue(text.startsWith("<!DOCTYPE html>") && text.endsWith("</body></html>"));
            // The study's 50 to 200 repeated content blocks.
            int blocks = text.split(java.util.regex.Pattern.quote(ObjectCacheWorkload.BLOCK), -1).length - 1;
            assertTrue(blocks >= 50 && blocks <= 200, "blocks " + blocks);
          }
          default -> assertTrue(text.matches("[a-z]{8,64}|[0-9]{1,10}|[01]"), text);
        }
      }
      assertTrue(largest > kind.max - (kind.max - kind.min) / 50, kind + ": sizes reach the top of the range: " + largest);
      assertTrue(smallest < kind.min + (kind.max - kind.min) / 50 + 1, kind + ": and its bottom: " + smallest);
    }
    assertEquals(100, ObjectCacheWorkload.BLOCK.length());
    ObjectCacheWorkload w = new ObjectCacheWorkload();
    w.init(new java.util.Properties());
    long min = Long.MAX_VALUE;
    long max = 0;
    for (int i = 0; i < 10_000; i++) {
      long ttl = w.ttl(r);
      min = Math.min(min, ttl);
      max = Math.max(max, ttl);
    }
    assertTrue(min >= 300 && min < 400, "min " + min);
    assertTrue(max <= 86_400 && max > 86_000, "max " + max);
  }

  /** The study's nine groups and eight key formats, each drawn, and ids up to objectcache.ids. */
  @Test
  void objectCache_keysInTheStudysGroupsAndFormats() throws Exception {
    ObjectCacheWorkload w = new ObjectCacheWorkload();
    java.util.Properties p = new java.util.Properties();
    p.setProperty(ObjectCacheWorkload.IDS, "50");
    w.init(p);
    java.util.regex.Pattern group = java.util.regex.Pattern.compile(
        "posts|terms|users|options|comments|themes|plugins|transients|site-options");
    java.util.Map<String, java.util.regex.Pattern> formats = new java.util.LinkedHashMap<>();
    for (String f : java.util.List.of("wp_cache_(G)_(\\d+)", "(G)_meta_(\\d+)", "wp_option_(G)_(\\d+)",
        "query_(G)_([0-9a-f]{32})", "transient_(G)_(\\d+)", "user_meta_(\\d+)_(G)", "post_meta_(\\d+)_(G)",
        "taxonomy_(G)_(\\d+)")) {
      formats.put(f, java.util.regex.Pattern.compile(f.replace("G", group.pattern())));
    }
    java.util.Map<String, Integer> seen = new java.util.HashMap<>();
    java.util.Set<String> groups = new java.util.HashSet<>();
    java.util.Set<String> keys = new java.util.HashSet<>();
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 50_000; i++) {
      String key = w.key(r);
      keys.add(key);
      String format = null;
      for (var f : formats.entrySet()) {
        java.util.regex.Matcher m = f.getValue().matcher(key);
        if (m.matches()) {
          format = f.getKey();
          String g = m.group(1).matches("\\d+") ? m.group(2) : m.group(1);
          String id = m.group(1).matches("\\d+") ? m.group(1) : m.group(2);
          groups.add(g);
          if (id.matches("\\d+")) {
            assertTrue(Long.parseLong(id) >= 1 && Long.parseLong(id) <= 50, key);
          }
        }
      }
      assertTrue(format != null, "a key in none of the study's formats: " + key);
      seen.merge(format, 1, Integer::sum);
    }
    assertEquals(8, seen.size(), seen.toString());
    seen.values().forEach(n -> assertTrue(Math.abs(n - 50_000 / 8) < 50_000 / 8 / 10, seen.toString()));
    assertEquals(9, groups.size(), groups.toString());
    assertEquals(9 * 8 * 50, keys.size(), "every group, format and id, and no other key");
  }
}
