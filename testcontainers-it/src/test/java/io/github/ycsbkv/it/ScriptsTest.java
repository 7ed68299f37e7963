package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The shell scripts users run ({@code bin/ycsb}, {@code bin/bench}, {@code bin/report-screenshot}, {@code mvnw}) on
 * Linux and macOS alike (#36): POSIX sh and utilities, none of the GNU-only options a Mac lacks, and clean under
 * ShellCheck (required where {@code CI_REQUIRE_SHELLCHECK} is set, as {@code .ci/run} sets it).
 */
class ScriptsTest {

  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
  private static final List<String> SCRIPTS = List.of("bin/ycsb", "bin/bench", "bin/report-screenshot", "mvnw");
  /** Bash scripts for Linux only (CI's, and the network-namespace hosts'): ShellCheck as bash, no BSD check. */
  private static final List<String> LINUX_BASH_SCRIPTS = List.of(".ci/run", "deploy/netns/three-hosts.sh");

  /** GNU-only commands and options (absent from macOS's BSD tools), each with what to use instead. */
  private static final List<String[]> GNU_ONLY = List.of(
      new String[] {"\\breadlink\\s+-[a-z]*[fem]", "readlink -f: a loop over plain readlink"},
      new String[] {"\\btime\\s+-[a-z]*[fo]\\b", "GNU time -f/-o: time -p"},
      new String[] {"(^|[\\s;|&(`$])nproc\\b", "nproc: getconf _NPROCESSORS_ONLN"},
      new String[] {"\\bsed\\s+(-[a-zA-Z]*\\s+)*-i", "sed -i: write a new file and move it"},
      new String[] {"\\bsed\\s+-r\\b", "sed -r: sed -E"},
      new String[] {"\\bdate\\s+(-u\\s+)?-d\\b", "date -d"},
      new String[] {"\\bdate\\s+[^|;]*--date", "date --date"},
      new String[] {"\\bstat\\s+-c\\b", "stat -c"},
      new String[] {"\\bgrep\\s+(-[a-zA-Z]*\\s+)*-[a-zA-Z]*P", "grep -P"},
      new String[] {"\\bxargs\\s+-[a-z]*r", "xargs -r"},
      new String[] {"\\bsort\\s+(-[a-zA-Z]+\\s+)*-[a-zA-Z]*V", "sort -V"},
      new String[] {"\\b(cp|mv|ln)\\s+-[a-zA-Z]*T", "-T"},
      new String[] {"\\bmktemp\\s+--", "mktemp --long-option"},
      new String[] {"\\btimeout\\s+\\d", "timeout (coreutils only)"},
      new String[] {"\\[\\s+[^]]*\\s-(nt|ot|ef)\\s", "test -nt/-ot/-ef: find -newer"});

  @Test
  void scripts_useNoGnuOnlyOption() throws IOException {
    List<String> found = new ArrayList<>();
    for (String script : SCRIPTS) {
      List<String> lines = Files.readAllLines(HOME.resolve(script), StandardCharsets.UTF_8);
      for (int i = 0; i < lines.size(); i++) {
        String code = withoutComment(lines.get(i));
        for (String[] rule : GNU_ONLY) {
          Matcher m = Pattern.compile(rule[0]).matcher(code);
          if (m.find()) {
            found.add(script + ":" + (i + 1) + ": " + rule[1] + ": " + lines.get(i).strip());
          }
        }
      }
    }
    assertEquals(List.of(), found);
  }

  /** The rules catch what they are for: a script with each of them would fail the test above. */
  @Test
  void rules_catchTheOptionsTheyNameAndSpareComments() {
    String[] bad = {"jreal=$(readlink -f \"$jreal\")", "/usr/bin/time -f \"%U %S\" -o t cmd", "echo $(nproc) CPUs",
        "sed -i 's/a/b/' f", "sed -E -i '' f", "date -u -d @1", "stat -c %Y f", "grep -oP 'x' f", "xargs -r rm",
        "sort -rV", "timeout 20 docker info", "if [ \"$a\" -nt \"$b\" ]; then"};
    for (String line : bad) {
      assertTrue(GNU_ONLY.stream().anyMatch(r -> Pattern.compile(r[0]).matcher(withoutComment(line)).find()), line);
    }
    String[] fine = {"env time -p true", "cpus() { getconf _NPROCESSORS_ONLN; }", "# nproc is GNU-only",
        "readlink \"$f\"", "sed -n 's/x/y/p' f", "date -u '+%Y'", "sort -g", "echo \"${a#*:}\" # readlink -f"};
    for (String line : fine) {
      assertTrue(GNU_ONLY.stream().noneMatch(r -> Pattern.compile(r[0]).matcher(withoutComment(line)).find()), line);
    }
  }

  @Test
  void scripts_passShellCheck() throws Exception {
    boolean have;
    try {
      have = new ProcessBuilder("shellcheck", "--version").redirectErrorStream(true).start().waitFor() == 0;
    } catch (IOException e) {
      have = false;
    }
    if (!have && System.getenv("CI_REQUIRE_SHELLCHECK") != null) {
      org.junit.jupiter.api.Assertions.fail("shellcheck is not on PATH, but CI_REQUIRE_SHELLCHECK is set");
    }
    Assumptions.assumeTrue(have, "shellcheck is not on PATH (Debian: apt-get install shellcheck; macOS: brew install"
        + " shellcheck)");
    shellcheck("sh", SCRIPTS);
    shellcheck("bash", LINUX_BASH_SCRIPTS);
  }

  private static void shellcheck(String shell, List<String> scripts) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("shellcheck", "-s", shell, "-f", "gcc"));
    scripts.forEach(s -> cmd.add(HOME.resolve(s).toString()));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals("", out.strip(), shell + " scripts " + scripts);
    assertEquals(0, p.exitValue());
  }

  /** The line without a shell comment ({@code #} at its start or after a blank; not {@code ${a#b}} or {@code $#}). */
  static String withoutComment(String line) {
    Matcher m = Pattern.compile("(^|\\s)#").matcher(line);
    return m.find() ? line.substring(0, m.start()) : line;
  }
}
