package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.spi.Binding;
import io.github.ycsbkv.spi.PropertyDoc;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Finds the {@code -p}/{@code -P} keys that no part of a run declares (engine, workload, binding), so
 * that a mistyped key ({@code recordcont=10}) is not silently ignored. Only warns: a binding given with
 * {@code -cp} declares nothing and reads keys of its own. Stateless.
 */
final class UnknownProperties {

  /** What a property key looks like (a constant of this shape in a workload class names one). */
  private static final Pattern KEY = Pattern.compile("[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)*");
  /**
   * A family of numbered keys, declared with {@code *} for the number ({@code command.*} and {@code command.*.ratio}
   * declare {@code command.1}, {@code command.2.ratio}, ...).
   */
  private static final Pattern NUMBERED = Pattern.compile("[A-Za-z][A-Za-z0-9_]*(\\.([A-Za-z0-9_]+|\\*))*");

  /**
   * What the engine and the command line read ({@link EngineProperties}, where each is declared) and what upstream's
   * code inside ycsb-kv reads ({@link EngineProperties#UPSTREAM}).
   */
  static final Set<String> ENGINE = engineKeys();

  private UnknownProperties() {}

  private static Set<String> engineKeys() {
    Set<String> keys = new HashSet<>(declaredBy(EngineProperties.class));
    keys.addAll(EngineProperties.UPSTREAM);
    return Set.copyOf(keys);
  }

  /**
   * The keys a workload or DB class declares, found as upstream's workloads and bindings (and this
   * project's) declare them:
   * its and its superclasses' {@code static final String} constants that hold a key, except the
   * {@code ..._DEFAULT} values.
   */
  static Set<String> declaredBy(Class<?> workload) {
    Set<String> keys = new HashSet<>();
    for (Class<?> c = workload; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        int m = f.getModifiers();
        if (!Modifier.isStatic(m) || !Modifier.isFinal(m) || f.getType() != String.class || f.getName().contains("DEFAULT")) {
          continue;
        }
        try {
          f.setAccessible(true);
          Object v = f.get(null);
          if (v instanceof String s && (KEY.matcher(s).matches() || NUMBERED.matcher(s).matches())) {
            keys.add(s);
          }
        } catch (ReflectiveOperationException | RuntimeException e) {
          // A constant we cannot read declares nothing.
        }
      }
    }
    return keys;
  }

  /** The keys {@code binding} documents ({@code ycsb bindings} lists them). */
  static Set<String> declaredBy(Binding binding) {
    Set<String> keys = new HashSet<>();
    for (PropertyDoc d : binding.properties()) {
      keys.add(d.name());
    }
    return keys;
  }

  /**
   * One warning line for the keys of {@code given} that {@code declared} lacks, each with the closest
   * declared key when one is near; {@code null} when every key is declared.
   */
  static String warning(Properties given, Collection<String> declared, boolean bindingDeclares) {
    List<Pattern> families = new ArrayList<>();
    for (String d : declared) {
      if (d.contains("*")) {
        families.add(Pattern.compile(Pattern.quote(d).replace("*", "\\E[0-9]+\\Q")));
      }
    }
    Set<String> unknown = new TreeSet<>();
    for (String key : given.stringPropertyNames()) {
      if (!declared.contains(key) && families.stream().noneMatch(f -> f.matcher(key).matches())) {
        unknown.add(key);
      }
    }
    if (unknown.isEmpty()) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    for (String key : unknown) {
      String near = closest(key, declared);
      parts.add(near == null ? key : key + " (did you mean " + near + "?)");
    }
    return "ycsb: warning: no part of this run declares " + String.join(", ", parts) + "; "
        + (unknown.size() == 1 ? "it is" : "they are") + " ignored"
        + (bindingDeclares ? "" : " unless the binding reads " + (unknown.size() == 1 ? "it" : "them"));
  }

  /** The declared key nearest to {@code key}: at most 2 edits (1 for keys of up to 5 characters), else null. */
  static String closest(String key, Collection<String> declared) {
    int limit = key.length() <= 5 ? 1 : 2;
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String d : new TreeSet<>(declared)) {
      if (Math.abs(d.length() - key.length()) > limit) {
        continue;
      }
      int distance = distance(key.toLowerCase(java.util.Locale.ROOT), d.toLowerCase(java.util.Locale.ROOT));
      if (distance <= limit && distance < bestDistance) {
        best = d;
        bestDistance = distance;
      }
    }
    return best;
  }

  /** Levenshtein distance (insertions, deletions, substitutions), two rows. */
  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(substitute, Math.min(prev[j] + 1, cur[j - 1] + 1));
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
