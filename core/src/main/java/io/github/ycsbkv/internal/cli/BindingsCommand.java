package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.spi.Binding;
import io.github.ycsbkv.spi.BindingRegistry;
import io.github.ycsbkv.spi.PropertyDoc;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ycsb bindings}: lists the registered bindings, their classes and documented properties. */
@Command(name = "bindings", mixinStandardHelpOptions = true, separator = " ", usageHelpAutoWidth = true,
    description = {"List the bindings on the class path: names, DB class and the properties each reads.", ""})
final class BindingsCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Option(names = "-cp", paramLabel = "PATH", description = "Extra jars or class directories to search.")
  List<String> classpath = new ArrayList<>();

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    ClassLoader loader = ExtraClasspath.create(classpath, System.getenv(ExtraClasspath.ENV),
        BindingsCommand.class.getClassLoader());
    BindingRegistry registry = BindingRegistry.load(loader);
    for (Binding b : registry.bindings()) {
      out.println(String.join(", ", b.names()));
      out.println("  class: " + b.dbClassName());
      out.println("  " + b.description());
      if (b.properties().isEmpty()) {
        out.println("  properties: none");
      } else {
        out.println("  properties:");
        for (PropertyDoc p : b.properties()) {
          out.println("    " + p.name() + (p.defaultValue() == null ? "" : " (default: " + p.defaultValue() + ")"));
          out.println("        " + p.description());
        }
      }
      out.println();
    }
    out.println("Any other site.ycsb.DB class on the class path may be given by its fully qualified name.");
    out.flush();
    return 0;
  }
}
