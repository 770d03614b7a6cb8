/**
 * Reads what a run left in a server's folder: the samples, the once-a-second series, the server's request log, the
 * kernel's view, the JVMs' recordings. A missing, empty or cut file gives what could be read and a note, never an
 * exception: a run that died mid-way still gets its report.
 */
package lab.threads.report.raw;
