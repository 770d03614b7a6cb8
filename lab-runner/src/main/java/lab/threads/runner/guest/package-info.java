/**
 * A guest: an HTTP service the lab did not write, loaded at its own URL. Its names and URL, the answer that counts as
 * success, the one GET that refuses it before any load, its process (watched, or started and stopped under a keeper
 * JVM that does not let it outlive the runner) and its JVM's collections read from outside.
 */
package lab.threads.runner.guest;
