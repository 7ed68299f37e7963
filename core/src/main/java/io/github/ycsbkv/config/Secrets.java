package io.github.ycsbkv.config;

import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Redaction of secrets in anything that is printed or written.
 *
 * <p>A property is secret when its name contains {@code password}, {@code secret}, {@code token} or
 * {@code credential} (ignoring case); its value is shown as {@value #MASK}. In every other value,
 * the password part of a URI ({@code rediss://user:pw@host}) is masked too. Stateless and
 * thread-safe.
 */
public final class Secrets {

  /** What a secret is replaced with. */
  public static final String MASK = "*****";

  private static final String[] SECRET_WORDS = {"password", "secret", "token", "credential"};
  private static final Pattern URI_PASSWORD = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*://[^:/@\\s]*:)[^@\\s/]+@");
  private static final Pattern KEY_VALUE = Pattern.compile(
      "((?i)[\\w.-]*(?:password|secret|token|credential)[\\w.-]*\\s*[=:]\\s*)\\S+");

  private Secrets() {}

  /** Whether the property called {@code name} holds a secret. */
  public static boolean isSecret(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    for (String word : SECRET_WORDS) {
      if (lower.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /** The value of property {@code name} as it may be shown. */
  public static String redact(String name, String value) {
    if (value == null) {
      return null;
    }
    return isSecret(name) ? MASK : redactText(value);
  }

  /** Masks URI passwords and {@code secret=value} pairs inside free text, such as an error message. */
  public static String redactText(String text) {
    if (text == null) {
      return null;
    }
    String masked = URI_PASSWORD.matcher(text).replaceAll("$1" + MASK + "@");
    return KEY_VALUE.matcher(masked).replaceAll("$1" + MASK);
  }

  /** A sorted copy of {@code props} that is safe to print or write. */
  public static Map<String, String> redactAll(Properties props) {
    Map<String, String> out = new TreeMap<>();
    for (String name : props.stringPropertyNames()) {
      out.put(name, redact(name, props.getProperty(name)));
    }
    return out;
  }
}
