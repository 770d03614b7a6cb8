/**
 * Hyperfoil as the runner's client ({@link lab.threads.hyperfoil.fork.HyperfoilProgram}): what the runner's JVM loads
 * to start the fork, naming none of Hyperfoil's classes, which its classpath lacks.
 */
package lab.threads.hyperfoil.fork;
