/**
 * The seam between the runner and its load clients. {@link lab.threads.model.client.LoadClient} is the registry (one line
 * per client: its name, its module, its files, what the report may say of it); each client module provides the
 * {@link lab.threads.client.ClientProgram} of its line; the runner chooses one per run
 * ({@link lab.threads.client.ClientPrograms#choose}) and asks the {@link lab.threads.client.ChosenClient} whether it
 * runs the plan, what to say of it and to start its fork for each {@link lab.threads.client.LoadRequest}, whose
 * {@link lab.threads.client.Progress} lines it shows. Adding a client is one module and one line of the registry.
 */
package lab.threads.client;
