package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.constantpool.ClassEntry;
import java.lang.classfile.constantpool.MemberRefEntry;
import java.lang.classfile.constantpool.PoolEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import lab.threads.runner.process.LabHome;
import org.junit.jupiter.api.Test;

/**
 * Every JDK class, method and field the servers' own code calls exists in JDK 21's API ({@code --server-jdk 21}).
 * The servers are compiled against JDK 25's API for target 21 ({@code --release 21} refuses the FFM API they use, a
 * preview there), so nothing else stops a JDK 22 method from reaching a server that then answers 500 on 21, as
 * {@code InetAddress.ofLiteral} once did in Tomcat's adapter. JDK 21's API is read from the running JDK's own
 * {@code lib/ct.sym}, which javac's {@code --release} reads: an entry {@code <releases>/<module>/<class>.sig} holds a
 * class as the releases named by its folder's letters had it ({@code L} is 21).
 */
class Jdk21ApiTest {
    private static final Path HOME = LabHome.locate();
    private static final char RELEASE_21 = 'L';
    /** Signature-polymorphic owners: a call's descriptor is its call site's, not the declared one. */
    private static final Set<String> POLYMORPHIC =
            Set.of("java/lang/invoke/MethodHandle", "java/lang/invoke/VarHandle");

    @Test
    void everyJdkMemberTheServersCallExistsOnJdk21() throws IOException {
        try (ZipFile ctSym = new ZipFile(
                Path.of(System.getProperty("java.home"), "lib", "ct.sym").toFile())) {
            Api api = Api.of(ctSym);
            Set<String> missing = new TreeSet<>();
            List<Path> classes = serverClasses();
            assertTrue(
                    classes.size() > 50, "the servers' classes, built before this module's tests: " + classes.size());
            for (Path file : classes) {
                ClassModel model = ClassFile.of().parse(file);
                for (PoolEntry entry : model.constantPool()) {
                    if (entry instanceof MemberRefEntry ref) {
                        String owner = ref.owner().asInternalName();
                        if (api.isJdk(owner)
                                && !api.has(
                                        owner,
                                        ref.name().stringValue(),
                                        ref.type().stringValue())) {
                            missing.add(file.getFileName() + " calls " + owner.replace('/', '.') + "."
                                    + ref.name().stringValue() + ref.type().stringValue());
                        }
                    } else if (entry instanceof ClassEntry type) {
                        String name = type.asInternalName();
                        if (api.isJdk(name) && api.sig(name).isEmpty()) {
                            missing.add(file.getFileName() + " uses " + name.replace('/', '.'));
                        }
                    }
                }
            }
            assertTrue(
                    missing.isEmpty(),
                    "not in JDK 21's API, so --server-jdk 21 would fail on it: " + String.join("\n", missing));
        }
    }

    /** Each server module's compiled main classes, the adapters' and server-common's among them. */
    private static List<Path> serverClasses() throws IOException {
        List<Path> classes = new ArrayList<>();
        try (Stream<Path> modules = Files.list(HOME)) {
            for (Path module : modules.filter(
                            dir -> dir.getFileName().toString().startsWith("server-"))
                    .toList()) {
                Path built = module.resolve("target/classes");
                if (Files.isDirectory(built)) {
                    try (Stream<Path> files = Files.walk(built)) {
                        files.filter(file -> file.toString().endsWith(".class")).forEach(classes::add);
                    }
                }
            }
        }
        return classes;
    }

    /** JDK 21's classes as ct.sym holds them, parsed on first ask. */
    private record Api(
            ZipFile ctSym, Map<String, ZipEntry> release21, Set<String> anyRelease, Map<String, ClassModel> parsed) {

        static Api of(ZipFile ctSym) {
            Map<String, ZipEntry> release21 = new HashMap<>();
            Set<String> anyRelease = new java.util.HashSet<>();
            ctSym.stream().filter(entry -> entry.getName().endsWith(".sig")).forEach(entry -> {
                String[] parts = entry.getName().split("/", 3);
                if (parts.length < 3) {
                    return;
                }
                String name = parts[2].substring(0, parts[2].length() - ".sig".length());
                anyRelease.add(name);
                if (parts[0].indexOf(RELEASE_21) >= 0) {
                    release21.put(name, entry);
                }
            });
            return new Api(ctSym, release21, anyRelease, new HashMap<>());
        }

        /** A class of the JDK's public API in some release: the only ones a release can lack. */
        boolean isJdk(String internalName) {
            return !internalName.startsWith("[") && anyRelease.contains(internalName);
        }

        Optional<ClassModel> sig(String internalName) {
            ZipEntry entry = release21.get(internalName);
            if (entry == null) {
                return Optional.empty();
            }
            return Optional.of(parsed.computeIfAbsent(internalName, name -> {
                try (var in = ctSym.getInputStream(entry)) {
                    return ClassFile.of().parse(in.readAllBytes());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }));
        }

        /** The member declared by the class or one of its supertypes, as JDK 21 had them. */
        boolean has(String owner, String name, String descriptor) {
            Optional<ClassModel> model = sig(owner);
            if (model.isEmpty()) {
                return false;
            }
            ClassModel type = model.get();
            boolean polymorphic = POLYMORPHIC.contains(owner);
            if (type.methods().stream()
                            .anyMatch(method -> method.methodName().equalsString(name)
                                    && (polymorphic || method.methodType().equalsString(descriptor)))
                    || type.fields().stream()
                            .anyMatch(field -> field.fieldName().equalsString(name)
                                    && field.fieldType().equalsString(descriptor))) {
                return true;
            }
            List<String> supers = new ArrayList<>();
            type.superclass().ifPresent(superclass -> supers.add(superclass.asInternalName()));
            type.interfaces().forEach(each -> supers.add(each.asInternalName()));
            if (type.superclass().isEmpty() && !owner.equals("java/lang/Object")) {
                supers.add("java/lang/Object");
            }
            return supers.stream().anyMatch(each -> has(each, name, descriptor));
        }
    }
}
