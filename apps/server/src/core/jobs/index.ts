export { JOB_TIME_ZONE, nextOccurrence } from './cron';
export { enqueue, wakeRunners, JOBS_TOPIC, describeJobError, type EnqueueSpec, type JobState } from './queue';
export { backoffDelay, defineJob, schedule, type JobHandler, type JobOptions, type JobRun } from './registry';
export { enqueueNextOccurrence, installJobRunner, jobsConfig, startJobRunner, type JobRunner, type JobRunnerOptions } from './runner';
export { deleteOldJobs, defineJobsCleanup, JOBS_CLEANUP_CRON, JOBS_CLEANUP_JOB, type Retention } from './cleanup';
