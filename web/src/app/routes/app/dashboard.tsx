import { BellRing, ListChecks, PenLine, Users } from "lucide-react";
import { Link } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth/auth-context";

const steps = [
  { icon: Users, title: "Add recipients", text: "The people who should receive a message, and how to reach them." },
  { icon: PenLine, title: "Write a message", text: "Say what they need to know. Attach documents if it helps." },
  { icon: BellRing, title: "Choose a trigger", text: "Check-in deadlines, a date, or the emergency button." },
];

export default function DashboardPage() {
  const { profile } = useAuth();
  const name = profile?.first_name?.trim();
  return (
    <PageContainer>
      <PageHeader
        title={name ? `Welcome, ${name}` : "Welcome"}
        description="Your dashboard will show each switch, when it is next due and whether anything needs your attention."
      />
      <Card>
        <CardHeader>
          <span className="mb-2 inline-flex size-10 items-center justify-center rounded-full bg-secondary text-primary">
            <ListChecks className="size-5" aria-hidden="true" />
          </span>
          <CardTitle>No switches yet</CardTitle>
          <CardDescription>
            A switch is a message together with the condition that releases it. You have none, so nothing will be sent
            on your behalf.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <ol className="grid gap-4 sm:grid-cols-3">
            {steps.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="flex flex-col gap-2 rounded-lg border bg-background p-4">
                <span className="flex items-center gap-2 font-medium">
                  <Icon className="size-4 text-primary" aria-hidden="true" />
                  {index + 1}. {title}
                </span>
                <span className="text-sm text-muted-foreground">{text}</span>
              </li>
            ))}
          </ol>
          <p className="text-sm text-muted-foreground">
            Recipients, messages and triggers arrive in upcoming releases. Your profile is ready for them.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to={paths.messages}>Go to messages</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to={paths.profile}>Review your profile</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
