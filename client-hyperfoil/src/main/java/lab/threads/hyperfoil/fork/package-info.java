/**
 * Hyperfoil as the runner's client ({@link lab.threads.hyperfoil.fork.HyperfoilProgram}, its line of the registry of
 * clients): what the runner's JVM loads of this module to start the fork. It names none of Hyperfoil's classes, which
 * the runner's classpath lacks; the fork's JVM runs the module's top package.
 */
package lab.threads.hyperfoil.fork;
